// A tenant's life after creation against a real kube-apiserver: update image, YAML, pools, usage
// (on a real store standing in for the tenant's MinIO), and the whole round trip checked with kubectl.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type StoreHandle, startStore } from '@stowage/store';
import type { Cluster } from '@stowage/test-support/kube/cluster';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import { kubeConfigFor } from '../src/clients/kube.js';
import { TENANT_MESSAGES } from '../src/services/tenants/create-request.js';
import { DEFAULT_ADDRESSING } from '../src/services/tenants/tenant-reach.js';
import { addPool, replacePools, saveYaml, updateImage } from '../src/services/tenants/tenant-update.js';
import { getTenantUsage } from '../src/services/tenants/tenant-usage.js';
import { tenantSchemaErrors } from '../src/services/tenants/test-support/crd-schema.js';
import { minimalCreateRequest } from '../src/services/tenants/test-support/create-request.js';
import { callAs, type Harness, type LoggedIn, storeS3 } from './harness.js';
import { type OperatorStack, startOperatorStack } from './operator-stack.js';

const run = promisify(execFile);
const GIB = 1024 ** 3;
const IMAGE = 'minio/minio:RELEASE.2021-09-03T03-56-13Z';
const NEW_IMAGE = 'minio/minio:RELEASE.2021-10-02T16-31-05Z';
/** The tenant's root keys: the store standing in for its MinIO starts with them. */
const TENANT_ROOT = { accessKey: 'tenant-root-user', secretKey: 'tenant-root-password-1234' };

let stack: OperatorStack;
let cluster: Cluster;
let h: Harness;
let admin: LoggedIn;
let viewer: LoggedIn;
let adminToken: string;
let tenantStore: StoreHandle;
let silent: Server;
let dir: string;
let caFile: string;

const TENANT_PATH = (ns: string, t: string) => `/apis/minio.min.io/v2/namespaces/${ns}/tenants/${t}`;

const kube = (method: string, path: string, body?: unknown) => stack.kube(method, path, body);

/** kubectl as the admin service account: a second, independent reader of what the console wrote. */
async function kubectl(...args: string[]): Promise<string> {
  const common = ['--server', cluster.server, '--certificate-authority', caFile, '--token', adminToken];
  const { stdout } = await run('kubectl', [...common, ...args]);
  return stdout;
}

async function kubectlTenant(ns: string, t: string) {
  return JSON.parse(await kubectl('get', 'tenant', t, '-n', ns, '-o', 'json'));
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function createTenant(ns: string, name: string, overrides = {}) {
  await kube('POST', '/api/v1/namespaces', { metadata: { name: ns } });
  const res = await callAs(
    h.app,
    admin,
    'POST',
    '/tenants',
    minimalCreateRequest({ name, namespace: ns, image: IMAGE, ...overrides }),
  );
  if (res.statusCode !== 201) throw new Error(`create ${ns}/${name}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const pool = (name: string, servers: number) => ({
  name,
  servers,
  volumes_per_server: 2,
  volume_configuration: { size: 10 * GIB, storage_class_name: 'standard' },
  resources: { requests: { memory: 2 * GIB } },
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tenant-lifecycle-'));
  const drives = ['d1', 'd2', 'd3', 'd4'].map((d) => join(dir, d));
  tenantStore = await startStore({ drives, port: 0, rootCredentials: TENANT_ROOT });
  // Accepts connections and never answers: a tenant that hangs.
  silent = createServer(() => undefined).listen(0, '127.0.0.1');
  await new Promise((resolve) => silent.once('listening', resolve));
  const hosts = new Map([
    ['minio.ns-usage', new URL(tenantStore.url).host],
    ['minio.ns-down', `127.0.0.1:${await closedPort()}`],
    ['minio.ns-silent', `127.0.0.1:${(silent.address() as { port: number }).port}`],
  ]);
  stack = await startOperatorStack({ clusterDomain: 'cluster.local', hosts });
  ({ cluster, h, admin, viewer, adminToken } = stack);
  caFile = join(dir, 'ca.crt');
  await writeFile(caFile, cluster.caPem);
  await createTenant('ns-a', 'tenant-a');
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await tenantStore?.close();
  silent?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('update image', () => {
  test('changes the image, writes the registry login and switches Prometheus off', async () => {
    const res = await callAs(h.app, admin, 'PUT', '/namespaces/ns-a/tenants/tenant-a', {
      image: 'registry.example:5000/minio/minio:RELEASE.2021-10-02T16-31-05Z',
      image_registry: { registry: 'registry.example:5000', username: 'puller', password: 'pull-secret' },
      enable_prometheus: false,
    });
    expect(res.statusCode).toBe(204);
    const tenant = await kube('GET', TENANT_PATH('ns-a', 'tenant-a'));
    expect(tenant.spec.image).toBe('registry.example:5000/minio/minio:RELEASE.2021-10-02T16-31-05Z');
    expect(tenant.spec.imagePullSecret).toEqual({ name: 'tenant-a-regcred' });
    // PUT, not merge patch: keys switched off are really gone.
    expect(tenant.metadata.annotations?.['prometheus.io/scrape']).toBeUndefined();
    expect(tenantSchemaErrors(tenant)).toEqual([]);
    const regcred = await kube('GET', '/api/v1/namespaces/ns-a/secrets/tenant-a-regcred');
    expect(regcred.type).toBe('kubernetes.io/dockerconfigjson');
    const config = JSON.parse(Buffer.from(regcred.data['.dockerconfigjson'], 'base64').toString('utf8'));
    expect(config.auths['registry.example:5000'].username).toBe('puller');

    // A second update with a new password updates the same secret in place.
    const again = await callAs(h.app, admin, 'PUT', '/namespaces/ns-a/tenants/tenant-a', {
      image: IMAGE,
      image_registry: { registry: 'registry.example:5000', username: 'puller', password: 'rotated' },
      enable_prometheus: true,
    });
    expect(again.statusCode).toBe(204);
    const rotated = await kube('GET', '/api/v1/namespaces/ns-a/secrets/tenant-a-regcred');
    expect(Buffer.from(rotated.data['.dockerconfigjson'], 'base64').toString('utf8')).toContain('rotated');
    const back = await kube('GET', TENANT_PATH('ns-a', 'tenant-a'));
    expect(back.spec.image).toBe(IMAGE);
    expect(back.metadata.annotations['prometheus.io/scrape']).toBe('true');
  });

  test('a malformed image is 400 with the spec message; read-only is 403; a missing tenant 404', async () => {
    const before = await kube('GET', TENANT_PATH('ns-a', 'tenant-a'));
    const bad = await callAs(h.app, admin, 'PUT', '/namespaces/ns-a/tenants/tenant-a', { image: 'minio' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Format must be of form: 'minio/minio:VERSION'");
    const refused = await callAs(h.app, viewer, 'PUT', '/namespaces/ns-a/tenants/tenant-a', {
      image: NEW_IMAGE,
      image_registry: { registry: 'other.example', username: 'u', password: 'p' },
    });
    expect(refused.statusCode).toBe(403);
    const missing = await callAs(h.app, admin, 'PUT', '/namespaces/ns-a/tenants/nobody', {
      image: NEW_IMAGE,
    });
    expect(missing.statusCode).toBe(404);
    const after = await kube('GET', TENANT_PATH('ns-a', 'tenant-a'));
    expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
    const regcred = await kube('GET', '/api/v1/namespaces/ns-a/secrets/tenant-a-regcred');
    expect(Buffer.from(regcred.data['.dockerconfigjson'], 'base64').toString('utf8')).not.toContain('other');
  });

  test('a token that may write secrets but not tenants leaves the registry login untouched', async () => {
    const writer = await stack.loginSecretWriter();
    const before = await kube('GET', '/api/v1/namespaces/ns-a/secrets/tenant-a-regcred');
    const res = await callAs(h.app, writer, 'PUT', '/namespaces/ns-a/tenants/tenant-a', {
      image: NEW_IMAGE,
      image_registry: { registry: 'other.example', username: 'u', password: 'p' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().detailedMessage).toBe('cannot update resource "tenants" in the namespace "ns-a"');
    const after = await kube('GET', '/api/v1/namespaces/ns-a/secrets/tenant-a-regcred');
    expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });
});

describe('tenant YAML', () => {
  test('GET answers the tenant without managed fields', async () => {
    const res = await callAs(h.app, viewer, 'GET', '/namespaces/ns-a/tenants/tenant-a/yaml');
    expect(res.statusCode).toBe(200);
    const doc = parse(res.json().yaml);
    expect(doc.kind).toBe('Tenant');
    expect(doc.metadata.managedFields).toBeUndefined();
    expect(doc.metadata.resourceVersion).toMatch(/^\d+$/);
    expect(doc.spec.pools[0].name).toBe('pool-0');
  });

  test('PUT saves labels and spec; a stale resourceVersion is 409 and changes nothing', async () => {
    const loaded = parse(
      (await callAs(h.app, admin, 'GET', '/namespaces/ns-a/tenants/tenant-a/yaml')).json().yaml,
    );
    loaded.metadata.labels = { team: 'storage' };
    loaded.spec.image = NEW_IMAGE;
    const saved = await callAs(h.app, admin, 'PUT', '/namespaces/ns-a/tenants/tenant-a/yaml', {
      yaml: stringify(loaded),
    });
    expect(saved.statusCode).toBe(204);
    const tenant = await kube('GET', TENANT_PATH('ns-a', 'tenant-a'));
    expect(tenant.metadata.labels).toEqual({ team: 'storage' });
    expect(tenant.spec.image).toBe(NEW_IMAGE);

    // The same text again carries the old resourceVersion: someone (we) changed it since.
    loaded.spec.image = IMAGE;
    const stale = await callAs(h.app, admin, 'PUT', '/namespaces/ns-a/tenants/tenant-a/yaml', {
      yaml: stringify(loaded),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The tenant was changed by someone else; reload it and edit again');
    expect((await kube('GET', TENANT_PATH('ns-a', 'tenant-a'))).spec.image).toBe(NEW_IMAGE);
  });

  test('unparsable YAML is 400 with the parser message; read-only is 403', async () => {
    const broken = await callAs(h.app, admin, 'PUT', '/namespaces/ns-a/tenants/tenant-a/yaml', {
      yaml: 'spec: [unclosed',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detailedMessage).toMatch(/flow sequence|Unexpected|Missing/i);
    const current = (await callAs(h.app, admin, 'GET', '/namespaces/ns-a/tenants/tenant-a/yaml')).json();
    const version = (await kube('GET', TENANT_PATH('ns-a', 'tenant-a'))).metadata.resourceVersion;
    const refused = await callAs(h.app, viewer, 'PUT', '/namespaces/ns-a/tenants/tenant-a/yaml', current);
    expect(refused.statusCode).toBe(403);
    expect((await kube('GET', TENANT_PATH('ns-a', 'tenant-a'))).metadata.resourceVersion).toBe(version);
  });
});

describe('pools', () => {
  test('Expand Tenant adds pool-1; a bad pool is 400, a duplicate name 409, read-only 403', async () => {
    const bad = await callAs(h.app, admin, 'POST', '/namespaces/ns-a/tenants/tenant-a/pools', pool('', 3));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(TENANT_MESSAGES.servers);
    const refused = await callAs(
      h.app,
      viewer,
      'POST',
      '/namespaces/ns-a/tenants/tenant-a/pools',
      pool('', 4),
    );
    expect(refused.statusCode).toBe(403);
    expect((await kube('GET', TENANT_PATH('ns-a', 'tenant-a'))).spec.pools).toHaveLength(1);

    const res = await callAs(h.app, admin, 'POST', '/namespaces/ns-a/tenants/tenant-a/pools', pool('', 4));
    expect(res.statusCode).toBe(204);
    const tenant = await kube('GET', TENANT_PATH('ns-a', 'tenant-a'));
    expect(tenant.spec.pools.map((p: { name: string }) => p.name)).toEqual(['pool-0', 'pool-1']);
    expect(tenantSchemaErrors(tenant)).toEqual([]);
    const twice = await callAs(
      h.app,
      admin,
      'POST',
      '/namespaces/ns-a/tenants/tenant-a/pools',
      pool('pool-1', 4),
    );
    expect(twice.statusCode).toBe(409);
  });

  test('PUT pools replaces them and answers the detail; read-only is 403', async () => {
    const body = { pools: [pool('pool-0', 4), pool('pool-1', 4), pool('pool-2', 6)] };
    const refused = await callAs(h.app, viewer, 'PUT', '/namespaces/ns-a/tenants/tenant-a/pools', body);
    expect(refused.statusCode).toBe(403);
    const res = await callAs(h.app, admin, 'PUT', '/namespaces/ns-a/tenants/tenant-a/pools', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().pools.map((p: { name: string }) => p.name)).toEqual(['pool-0', 'pool-1', 'pool-2']);
    expect(res.json().total_instances).toBe(14);
    const dup = await callAs(h.app, admin, 'PUT', '/namespaces/ns-a/tenants/tenant-a/pools', {
      pools: [pool('pool-0', 4), pool('pool-0', 4)],
    });
    expect(dup.statusCode).toBe(400);
    expect((await kube('GET', TENANT_PATH('ns-a', 'tenant-a'))).spec.pools).toHaveLength(3);
  });
});

describe('usage', () => {
  test("answers what the tenant's MinIO stores, asked with its root keys", async () => {
    await createTenant('ns-usage', 'tenant-u', {
      enable_tls: false,
      access_key: TENANT_ROOT.accessKey,
      secret_key: TENANT_ROOT.secretKey,
    });
    const s3 = storeS3(tenantStore.url, TENANT_ROOT);
    await s3.makeBucket('data');
    await s3.putObject('data', 'a.bin', Buffer.alloc(3000, 1));
    await s3.putObject('data', 'b.bin', Buffer.alloc(1234, 2));
    const res = await callAs(h.app, viewer, 'GET', '/namespaces/ns-usage/tenants/tenant-u/usage');
    expect(res.statusCode).toBe(200);
    expect(res.json().used).toBe(4234);
    // The drives' filesystem use (statfs), shared with the rest of the machine: at least the objects.
    expect(res.json().disk_used).toBeGreaterThanOrEqual(4234);
    expect(res.body).not.toContain(TENANT_ROOT.secretKey);
  });

  test('a tenant whose MinIO is down is 503, not a hang; one that never answers too', async () => {
    await createTenant('ns-down', 'tenant-down', { enable_tls: false });
    const res = await callAs(h.app, admin, 'GET', '/namespaces/ns-down/tenants/tenant-down/usage');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("the tenant's MinIO cannot be reached");

    await createTenant('ns-silent', 'tenant-silent', { enable_tls: false });
    const kc = kubeConfigFor(
      { server: cluster.server, caPem: cluster.caPem, namespace: 'default' },
      adminToken,
    );
    const hosts = new Map([['minio.ns-silent', `127.0.0.1:${(silent.address() as { port: number }).port}`]]);
    const err = await getTenantUsage(kc, 'ns-silent', 'tenant-silent', {
      addressing: { ...DEFAULT_ADDRESSING, hosts },
      timeoutMs: 50,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 503,
      detailedMessage: expect.stringContaining('did not answer in time'),
    });
  });

  test('wrong root keys are the tenant error, not the session being denied; a missing tenant is 404', async () => {
    await createTenant('ns-usage-wrong', 'tenant-w', { enable_tls: false });
    const kc = kubeConfigFor(
      { server: cluster.server, caPem: cluster.caPem, namespace: 'default' },
      adminToken,
    );
    const hosts = new Map([['minio.ns-usage-wrong', new URL(tenantStore.url).host]]);
    const err = await getTenantUsage(kc, 'ns-usage-wrong', 'tenant-w', {
      addressing: { ...DEFAULT_ADDRESSING, hosts },
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 500, message: "the tenant's MinIO returned an error" });
    const missing = await callAs(h.app, admin, 'GET', '/namespaces/ns-usage/tenants/nobody/usage');
    expect(missing.statusCode).toBe(404);
  });
});

describe('a token the API server does not accept', () => {
  test('every change is 401 unauthorized and the tenant stays as it was', async () => {
    const junk = kubeConfigFor(
      { server: cluster.server, caPem: cluster.caPem, namespace: 'default' },
      cluster.junkToken,
    );
    const before = await kube('GET', TENANT_PATH('ns-a', 'tenant-a'));
    const yaml = stringify(before);
    const attempts = [
      updateImage(junk, 'ns-a', 'tenant-a', { image: NEW_IMAGE }, IMAGE),
      saveYaml(junk, 'ns-a', 'tenant-a', yaml),
      addPool(junk, 'ns-a', 'tenant-a', pool('', 4)),
      replacePools(junk, 'ns-a', 'tenant-a', [pool('pool-0', 4)]),
      getTenantUsage(junk, 'ns-usage', 'tenant-u', { addressing: DEFAULT_ADDRESSING }),
    ];
    for (const attempt of attempts)
      expect(await attempt.catch((e: unknown) => e)).toMatchObject({ status: 401, message: 'unauthorized' });
    const after = await kube('GET', TENANT_PATH('ns-a', 'tenant-a'));
    expect(after.metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });
});

describe('round trip, checked with kubectl', () => {
  test('create → detail → expand → update image → YAML → delete', async () => {
    const created = await createTenant('ns-trip', 'trip');
    expect(created.console).toHaveLength(1);
    let seen = await kubectlTenant('ns-trip', 'trip');
    expect(seen.spec.image).toBe(IMAGE);
    expect(seen.spec.pools).toHaveLength(1);

    const detail = (await callAs(h.app, admin, 'GET', '/namespaces/ns-trip/tenants/trip')).json();
    expect(detail).toMatchObject({ name: 'trip', image: seen.spec.image, total_instances: 4 });

    expect(
      (await callAs(h.app, admin, 'POST', '/namespaces/ns-trip/tenants/trip/pools', pool('', 4))).statusCode,
    ).toBe(204);
    seen = await kubectlTenant('ns-trip', 'trip');
    expect(seen.spec.pools.map((p: { name: string }) => p.name)).toEqual(['pool-0', 'pool-1']);

    expect(
      (
        await callAs(h.app, admin, 'PUT', '/namespaces/ns-trip/tenants/trip', {
          image: NEW_IMAGE,
          enable_prometheus: true,
        })
      ).statusCode,
    ).toBe(204);
    seen = await kubectlTenant('ns-trip', 'trip');
    expect(seen.spec.image).toBe(NEW_IMAGE);

    // YAML: load, change with kubectl meanwhile (409), reload and save.
    const yamlUrl = '/namespaces/ns-trip/tenants/trip/yaml';
    const loaded = parse((await callAs(h.app, admin, 'GET', yamlUrl)).json().yaml);
    await kubectl('label', 'tenant', 'trip', '-n', 'ns-trip', 'changed-by=kubectl');
    loaded.metadata.labels = { edited: 'console' };
    expect((await callAs(h.app, admin, 'PUT', yamlUrl, { yaml: stringify(loaded) })).statusCode).toBe(409);
    expect((await kubectlTenant('ns-trip', 'trip')).metadata.labels).toEqual({ 'changed-by': 'kubectl' });
    const fresh = parse((await callAs(h.app, admin, 'GET', yamlUrl)).json().yaml);
    fresh.metadata.labels = { ...fresh.metadata.labels, edited: 'console' };
    expect((await callAs(h.app, admin, 'PUT', yamlUrl, { yaml: stringify(fresh) })).statusCode).toBe(204);
    seen = await kubectlTenant('ns-trip', 'trip');
    expect(seen.metadata.labels).toEqual({ 'changed-by': 'kubectl', edited: 'console' });
    expect(tenantSchemaErrors(seen)).toEqual([]);

    const gone = await callAs(h.app, admin, 'DELETE', '/namespaces/ns-trip/tenants/trip', {
      delete_pvcs: true,
    });
    expect(gone.statusCode).toBe(204);
    expect((await callAs(h.app, admin, 'GET', '/namespaces/ns-trip/tenants/trip')).statusCode).toBe(404);
    expect((await kubectl('get', 'tenants', '-n', 'ns-trip', '-o', 'name')).trim()).toBe('');
    expect(
      (await kubectl('get', 'secrets', '-n', 'ns-trip', '-l', 'v1.min.io/tenant=trip', '-o', 'name')).trim(),
    ).toBe('');
  });
});
