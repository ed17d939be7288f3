// Operator mode's SUBNET licence and per-namespace rights against a real kube-apiserver
// (packages/test-support/src/kube/cluster.mjs) and a fake SUBNET on loopback that mints ES384 licences.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAllYaml } from '@kubernetes/client-node';
import { MadminClient, parseConfigText } from '@stowage/madmin';
import { startStore } from '@stowage/store';
import { type Cluster, startCluster } from '@stowage/test-support/kube/cluster';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kubeConfigFor } from '../src/clients/kube.js';
import type { OperatorConfig } from '../src/config.js';
import { validateSubscription } from '../src/services/subscription/license-calls.js';
import { scheduleLicenseRefresh } from '../src/services/subscription/license-refresh.js';
import {
  type FakeSubnet,
  licenseClaims,
  licenseSigner,
  startFakeSubnet,
} from '../src/services/subscription/test-support/fake-subnet.js';
import { parseConfigEnv } from '../src/services/tenants/config-env.js';
import { createTenantObjects } from '../src/services/tenants/create-objects.js';
import { minimalCreateRequest } from '../src/services/tenants/test-support/create-request.js';
import { callAs, type Harness, type LoggedIn, loginOperatorAs, startHarness } from './harness.js';

const CONSOLE_NAMESPACE = 'stowage-system';
const GIB = 1024 ** 3;
const SECRET_PATH = `/api/v1/namespaces/${CONSOLE_NAMESPACE}/secrets/subnet-license`;

let cluster: Cluster;
let subnet: FakeSubnet;
let h: Harness;
let operator: OperatorConfig;
let admin: LoggedIn;
let viewer: LoggedIn;
let nsAdmin: LoggedIn;
let adminToken: string;

async function kube(method: string, path: string, body?: unknown) {
  const res = await cluster.api(method, path, body);
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The licence kept in `subnet-license`, or undefined when the secret is missing. */
async function storedLicense(): Promise<string | undefined> {
  const res = await cluster.api('GET', SECRET_PATH);
  if (res.status === 404) return undefined;
  return Buffer.from(res.body.data.CONSOLE_SUBNET_LICENSE, 'base64').toString('utf8');
}

async function configEnv(namespace: string, secret: string): Promise<Map<string, string>> {
  const body = await kube('GET', `/api/v1/namespaces/${namespace}/secrets/${secret}`);
  return parseConfigEnv(Buffer.from(body.data['config.env'], 'base64').toString('utf8'));
}

async function tenantEnv(namespace: string, name: string): Promise<{ name: string; value?: string }[]> {
  return (await kube('GET', `/apis/minio.min.io/v2/namespaces/${namespace}/tenants/${name}`)).spec.env ?? [];
}

/** A tenant as the wizard writes it; `withConfiguration: false` keeps its settings in spec.env. */
async function createTenant(namespace: string, name: string, withConfiguration: boolean) {
  await cluster.api('POST', '/api/v1/namespaces', { metadata: { name: namespace } });
  const pools = [
    {
      name: 'pool-0',
      servers: 4,
      volumes_per_server: 1,
      volume_configuration: { size: 10 * GIB, storage_class_name: 'standard' },
    },
  ];
  const plan = createTenantObjects(minimalCreateRequest({ name, namespace, pools }), {
    defaultImage: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
  });
  for (const step of plan.steps) {
    if (step.kind !== 'Tenant') {
      if (withConfiguration) await kube('POST', `/api/v1/namespaces/${namespace}/secrets`, step.object);
      continue;
    }
    const tenant = structuredClone(step.object) as unknown as { spec: Record<string, unknown> };
    if (!withConfiguration) {
      delete tenant.spec.configuration;
      tenant.spec.env = [{ name: 'MINIO_BROWSER', value: 'on' }];
    }
    await kube('POST', `/apis/minio.min.io/v2/namespaces/${namespace}/tenants`, tenant);
  }
}

/** POST …/activate as `who`: the console's licence into one tenant. */
function activate(who: LoggedIn, namespace: string, tenant: string) {
  return callAs(h.app, who, 'POST', `/subscription/namespaces/${namespace}/tenants/${tenant}/activate`);
}

/** A service account allowed everything in `namespace` (a RoleBinding), nothing elsewhere. */
async function namespaceAdminToken(namespace: string): Promise<string> {
  await cluster.api('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', {
    metadata: { name: 'test-namespace-admin' },
    rules: [{ apiGroups: ['*'], resources: ['*'], verbs: ['*'] }],
  });
  const token = await cluster.createServiceAccountToken(CONSOLE_NAMESPACE, 'ns-a-admin');
  await kube('POST', `/apis/rbac.authorization.k8s.io/v1/namespaces/${namespace}/rolebindings`, {
    metadata: { name: 'ns-a-admin' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'test-namespace-admin' },
    subjects: [{ kind: 'ServiceAccount', name: 'ns-a-admin', namespace: CONSOLE_NAMESPACE }],
  });
  return token;
}

beforeAll(async () => {
  [cluster, subnet] = await Promise.all([startCluster(), startFakeSubnet()]);
  let readOnlyToken: string;
  [adminToken, readOnlyToken] = await Promise.all([
    cluster.createServiceAccountToken(CONSOLE_NAMESPACE, 'console-admin', 'cluster-admin'),
    cluster.createReadOnlyToken(),
  ]);
  await createTenant('ns-a', 'tenant-a', true);
  await createTenant('ns-b', 'tenant-b', false);
  const nsAdminToken = await namespaceAdminToken('ns-a');
  operator = {
    cluster: { server: cluster.server, caPem: cluster.caPem, namespace: CONSOLE_NAMESPACE },
    subnet: { url: subnet.url, publicKeyPem: subnet.publicKeyPem, timeoutMs: 5_000 },
  };
  h = await startHarness({ operator });
  [admin, viewer, nsAdmin] = await Promise.all([
    loginOperatorAs(h.app, adminToken),
    loginOperatorAs(h.app, readOnlyToken),
    loginOperatorAs(h.app, nsAdminToken),
  ]);
}, 120_000);
afterAll(async () => {
  await h?.close();
  await subnet?.close();
  await cluster?.stop();
});

describe('licence in operator mode', () => {
  test('without subnet-license there is no subscription, and SUBNET is not asked', async () => {
    const res = await callAs(h.app, admin, 'GET', '/subscription/info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(subnet.requests).toEqual([]);
  });

  test('a licence not signed by SUBNET is refused and not kept', async () => {
    const forged = licenseSigner().mint(licenseClaims());
    const res = await callAs(h.app, admin, 'POST', '/subscription/validate', { license: forged });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      message: 'the licence is missing or not valid',
      detailedMessage: 'the licence signature does not match the SUBNET public key',
    });
    expect(await storedLicense()).toBeUndefined();
  });

  test('a read-only token may not validate: 403 before SUBNET is asked, nothing kept', async () => {
    const before = subnet.requests.length;
    const res = await callAs(h.app, viewer, 'POST', '/subscription/validate', subnet.account);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('forbidden');
    expect(subnet.requests.length).toBe(before);
    expect(await storedLicense()).toBeUndefined();
  });

  test('validate by licence key creates subnet-license; info reads it back, verified', async () => {
    const license = subnet.mint(licenseClaims({ org: 'Key Corp', cap: 10, plan: 'STANDARD' }));
    const res = await callAs(h.app, admin, 'POST', '/subscription/validate', { license: `  ${license}\n` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ organization: 'Key Corp', storage_capacity: 10, plan: 'STANDARD' });
    expect(await storedLicense()).toBe(license);
    const info = await callAs(h.app, viewer, 'GET', '/subscription/info');
    expect(info.statusCode).toBe(200);
    expect(info.json().license).toMatchObject({
      organization: 'Key Corp',
      email: 'ops@example.com',
      account_id: 4211,
    });
  });

  test('validate by email and password logs in to SUBNET and updates the secret', async () => {
    subnet.requests.length = 0;
    const res = await callAs(h.app, admin, 'POST', '/subscription/validate', {
      email: subnet.account.email,
      password: subnet.account.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organization: 'Example Corp',
      plan: 'ENTERPRISE',
      storage_capacity: 50,
    });
    expect(subnet.requests.map((r) => r.call)).toEqual([
      'POST /api/auth/login',
      'POST /api/auth/subscription/license-key',
    ]);
    expect(subnet.requests[0]?.body).toEqual({
      username: subnet.account.email,
      password: subnet.account.password,
    });
    expect(subnet.requests[1]?.authorization).toBe('Bearer subnet-access-token-1');
    const kept = await storedLicense();
    expect(kept?.split('.')).toHaveLength(3);
    expect(JSON.parse(Buffer.from(kept?.split('.')[1] ?? '', 'base64url').toString()).org).toBe(
      'Example Corp',
    );
    // The password never reaches the logs.
    expect(h.logs.join('\n')).not.toContain(subnet.account.password);
  });

  test('a wrong SUBNET password is SUBNET’s refusal (502), not a console logout; nothing changes', async () => {
    const before = await storedLicense();
    const res = await callAs(h.app, admin, 'POST', '/subscription/validate', {
      email: subnet.account.email,
      password: 'wrong',
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      message: 'SUBNET refused the request',
      detailedMessage: 'SUBNET answered 401: invalid username or password',
    });
    expect(await storedLicense()).toBe(before);
  });

  test('a body with neither a key nor an email and password is a 400', async () => {
    const res = await callAs(h.app, admin, 'POST', '/subscription/validate', { email: 'a@b.c' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detailedMessage).toBe('send a licence key, or the SUBNET email and password');
    const extra = await callAs(h.app, admin, 'POST', '/subscription/validate', { license: 'x', token: 'y' });
    expect(extra.statusCode).toBe(400);
  });

  test('activate writes the licence into a tenant’s config.env, keeping its other settings', async () => {
    const before = await configEnv('ns-a', 'tenant-a-env-configuration');
    expect(before.has('MINIO_SUBNET_LICENSE')).toBe(false);
    const res = await activate(admin, 'ns-a', 'tenant-a');
    expect(res.statusCode).toBe(204);
    const after = await configEnv('ns-a', 'tenant-a-env-configuration');
    expect(after.get('MINIO_SUBNET_LICENSE')).toBe(await storedLicense());
    for (const [key, value] of before) expect(after.get(key)).toBe(value);
    // The replaced secret is still the tenant's: labelled, immutable.
    const secret = await kube('GET', '/api/v1/namespaces/ns-a/secrets/tenant-a-env-configuration');
    expect(secret.metadata.labels).toEqual({ 'v1.min.io/tenant': 'tenant-a' });
    expect(secret.immutable).toBe(true);
    // The tenant page shows the licence now active in the tenant.
    const detail = await callAs(h.app, viewer, 'GET', '/namespaces/ns-a/tenants/tenant-a');
    expect(detail.json().subnet_license).toMatchObject({ organization: 'Example Corp', plan: 'ENTERPRISE' });
  });

  test('the tenant’s MinIO, restarted with its config.env as the operator does, runs with the licence', async () => {
    // The MinIO operator restarts the tenant's pods with config.env sourced: here the tenant's
    // MinIO is a store process started with that environment.
    const env = await configEnv('ns-a', 'tenant-a-env-configuration');
    const dir = await mkdtemp(join(tmpdir(), 'stowage-tenant-'));
    const rootCredentials = {
      accessKey: env.get('MINIO_ROOT_USER') ?? '',
      secretKey: env.get('MINIO_ROOT_PASSWORD') ?? '',
    };
    const store = await startStore({
      drives: [join(dir, 'd1')],
      port: 0,
      rootCredentials,
      env: Object.fromEntries(env),
    });
    try {
      const madmin = new MadminClient({ endpoint: store.url, credentials: rootCredentials });
      const [subnetConfig] = parseConfigText(await madmin.config.getKV('subnet'));
      expect(subnetConfig?.env).toEqual({ license: await storedLicense() });
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('activate writes spec.env of a tenant with no configuration secret', async () => {
    const before = await callAs(h.app, admin, 'GET', '/namespaces/ns-b/tenants/tenant-b');
    expect(before.json().subnet_license).toBeUndefined();
    const res = await activate(admin, 'ns-b', 'tenant-b');
    expect(res.statusCode).toBe(204);
    const env = await tenantEnv('ns-b', 'tenant-b');
    expect(env).toEqual([
      { name: 'MINIO_BROWSER', value: 'on' },
      { name: 'MINIO_SUBNET_LICENSE', value: await storedLicense() },
    ]);
    const after = await callAs(h.app, admin, 'GET', '/namespaces/ns-b/tenants/tenant-b');
    expect(after.json().subnet_license).toMatchObject({ email: 'ops@example.com', account_id: 4211 });
  });

  test('activate: read-only is 403 with nothing changed, a missing tenant is 404', async () => {
    const before = await configEnv('ns-a', 'tenant-a-env-configuration');
    const res = await activate(viewer, 'ns-a', 'tenant-a');
    expect(res.statusCode).toBe(403);
    expect(await configEnv('ns-a', 'tenant-a-env-configuration')).toEqual(before);
    const envBefore = await tenantEnv('ns-b', 'tenant-b');
    const b = await activate(viewer, 'ns-b', 'tenant-b');
    expect(b.statusCode).toBe(403);
    expect(await tenantEnv('ns-b', 'tenant-b')).toEqual(envBefore);
    const missing = await activate(admin, 'ns-a', 'nope');
    expect(missing.statusCode).toBe(404);
  });

  test('refresh renews with SUBNET, keeps the new licence and writes it into every tenant', async () => {
    const old = await storedLicense();
    subnet.requests.length = 0;
    const res = await callAs(h.app, admin, 'POST', '/subscription/refresh');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ plan: 'STANDARD', storage_capacity: 101 });
    expect(subnet.requests).toEqual([
      { call: 'POST /api/auth/subscription/renew-license', body: { license: old } },
    ]);
    const renewed = await storedLicense();
    expect(renewed).not.toBe(old);
    expect((await configEnv('ns-a', 'tenant-a-env-configuration')).get('MINIO_SUBNET_LICENSE')).toBe(renewed);
    expect((await tenantEnv('ns-b', 'tenant-b')).find((e) => e.name === 'MINIO_SUBNET_LICENSE')?.value).toBe(
      renewed,
    );
  });

  test('refresh: a read-only token is 403 before SUBNET is asked; nothing changes', async () => {
    const before = await storedLicense();
    subnet.requests.length = 0;
    const res = await callAs(h.app, viewer, 'POST', '/subscription/refresh');
    expect(res.statusCode).toBe(403);
    expect(subnet.requests).toEqual([]);
    expect(await storedLicense()).toBe(before);
  });

  test('a token the API server does not accept is 401; without a session every route is 401', async () => {
    const ctx = {
      kc: kubeConfigFor(operator.cluster, cluster.junkToken),
      namespace: CONSOLE_NAMESPACE,
      subnet: operator.subnet ?? { url: '', publicKeyPem: '', timeoutMs: 1 },
    };
    await expect(validateSubscription(ctx, { license: subnet.mint() })).rejects.toMatchObject({
      status: 401,
      message: 'unauthorized',
    });
    for (const [method, url] of [
      ['GET', '/subscription/info'],
      ['POST', '/subscription/validate'],
      ['POST', '/subscription/refresh'],
      ['POST', '/subscription/namespaces/ns-a/tenants/tenant-a/activate'],
      ['GET', '/namespaces/ns-a/permissions'],
    ] as const) {
      const res = await h.app.inject({
        method,
        url: `/api/v1${url}`,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, url).toBe(401);
    }
  });

  test('SUBNET out of reach or silent is a clear 503, and nothing changes', async () => {
    const before = await storedLicense();
    const saved = operator.subnet;
    // A port nothing listens on, then a server that accepts and never answers.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      operator.subnet = { ...(saved as NonNullable<typeof saved>), url: `http://127.0.0.1:${closedPort}` };
      const down = await callAs(h.app, admin, 'POST', '/subscription/refresh');
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe('SUBNET cannot be reached; try again later');
      expect(down.json().detailedMessage).toContain(`127.0.0.1:${closedPort}`);
      const port = (silent.address() as AddressInfo).port;
      operator.subnet = {
        ...(saved as NonNullable<typeof saved>),
        url: `http://127.0.0.1:${port}`,
        timeoutMs: 200,
      };
      const hung = await callAs(h.app, admin, 'POST', '/subscription/validate', subnet.account);
      expect(hung.statusCode).toBe(503);
      expect(hung.json().detailedMessage).toContain('no answer within 200 ms');
    } finally {
      operator.subnet = saved;
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    expect(await storedLicense()).toBe(before);
  });

  test('an expired stored licence is reported as not valid (404)', async () => {
    const before = await storedLicense();
    const expired = subnet.mint(licenseClaims({ exp: Math.floor(Date.now() / 1000) - 60 }));
    await kube('PUT', SECRET_PATH, {
      metadata: { name: 'subnet-license' },
      data: { CONSOLE_SUBNET_LICENSE: Buffer.from(expired).toString('base64') },
    });
    try {
      const res = await callAs(h.app, admin, 'GET', '/subscription/info');
      expect(res.statusCode).toBe(404);
      expect(res.json().detailedMessage).toMatch(/^the licence expired on /);
      const activated = await activate(admin, 'ns-b', 'tenant-b');
      expect(activated.statusCode).toBe(404);
    } finally {
      await kube('PUT', SECRET_PATH, {
        metadata: { name: 'subnet-license' },
        data: { CONSOLE_SUBNET_LICENSE: Buffer.from(before ?? '').toString('base64') },
      });
    }
  });
});

describe('daily licence refresh', () => {
  test('runs on the injected schedule as the console’s own service account', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'stowage-sa-'));
    try {
      const tokenFile = join(dir, 'token');
      await writeFile(tokenFile, `${adminToken}\n`);
      const lines: string[] = [];
      let task: (() => void) | undefined;
      let interval = 0;
      let stopped = false;
      const refresh = scheduleLicenseRefresh({
        cluster: operator.cluster,
        subnet: operator.subnet ?? { url: '', publicKeyPem: '', timeoutMs: 1 },
        tokenFile,
        log: (line) => lines.push(line),
        every: (ms, run) => {
          interval = ms;
          task = run;
          return () => {
            stopped = true;
          };
        },
      });
      expect(interval).toBe(24 * 60 * 60 * 1000);
      const kept = await callAs(h.app, admin, 'POST', '/subscription/validate', { license: subnet.mint() });
      expect(kept.statusCode).toBe(200);
      const before = await storedLicense();
      subnet.requests.length = 0;
      task?.();
      await refresh.run();
      expect(subnet.requests.map((r) => r.call)).toEqual(['POST /api/auth/subscription/renew-license']);
      const renewed = await storedLicense();
      expect(renewed).not.toBe(before);
      expect((await configEnv('ns-a', 'tenant-a-env-configuration')).get('MINIO_SUBNET_LICENSE')).toBe(
        renewed,
      );
      expect(lines).toEqual([
        expect.stringMatching(/^licence refreshed: STANDARD for Example Corp, expires /),
      ]);
      expect(lines.join('\n')).not.toContain(renewed ?? '-');
      refresh.stop();
      expect(stopped).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('as the deployment’s own account: renews its licence, leaves tenants alone', async () => {
    // The Role and RoleBinding of deploy/kubernetes/console.yaml, exactly as shipped.
    const shipped = loadAllYaml(
      await readFile(new URL('../../../deploy/kubernetes/console.yaml', import.meta.url), 'utf8'),
    ) as { kind: string; metadata: { name: string } }[];
    for (const object of shipped.filter((o) => o.kind === 'Role' || o.kind === 'RoleBinding')) {
      const plural = object.kind === 'Role' ? 'roles' : 'rolebindings';
      await kube(
        'POST',
        `/apis/rbac.authorization.k8s.io/v1/namespaces/${CONSOLE_NAMESPACE}/${plural}`,
        object,
      );
    }
    const dir = await mkdtemp(join(tmpdir(), 'stowage-sa-'));
    try {
      const tokenFile = join(dir, 'token');
      await writeFile(
        tokenFile,
        await cluster.createServiceAccountToken(CONSOLE_NAMESPACE, 'stowage-console'),
      );
      const kept = await callAs(h.app, admin, 'POST', '/subscription/validate', { license: subnet.mint() });
      expect(kept.statusCode).toBe(200);
      const before = await storedLicense();
      const tenantBefore = (await configEnv('ns-a', 'tenant-a-env-configuration')).get(
        'MINIO_SUBNET_LICENSE',
      );
      const lines: string[] = [];
      const refresh = scheduleLicenseRefresh({
        cluster: operator.cluster,
        subnet: operator.subnet ?? { url: '', publicKeyPem: '', timeoutMs: 1 },
        tokenFile,
        log: (line) => lines.push(line),
        every: () => () => undefined,
      });
      await refresh.run();
      const renewed = await storedLicense();
      expect(renewed).not.toBe(before);
      expect(lines).toEqual([
        expect.stringMatching(/^licence refreshed: .*; tenants keep theirs until Refresh/),
      ]);
      expect((await configEnv('ns-a', 'tenant-a-env-configuration')).get('MINIO_SUBNET_LICENSE')).toBe(
        tenantBefore,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('without an identity of its own it says so once at start, sets no timer, never calls SUBNET', async () => {
    const lines: string[] = [];
    subnet.requests.length = 0;
    let scheduled = false;
    const refresh = scheduleLicenseRefresh({
      cluster: operator.cluster,
      subnet: operator.subnet ?? { url: '', publicKeyPem: '', timeoutMs: 1 },
      log: (line) => lines.push(line),
      every: () => {
        scheduled = true;
        return () => undefined;
      },
    });
    expect(scheduled).toBe(false);
    expect(lines).toHaveLength(1);
    await refresh.run();
    await refresh.run();
    expect(lines).toEqual([
      'licence refresh skipped: the console has no service account of its own (not in a pod)',
    ]);
    expect(subnet.requests).toEqual([]);
  });
});

describe('per-namespace rights', () => {
  test('a role bound in one namespace: full rights there, read-only elsewhere and cluster-wide', async () => {
    const inA = await callAs(h.app, nsAdmin, 'GET', '/namespaces/ns-a/permissions');
    expect(inA.statusCode).toBe(200);
    expect(inA.json()).toEqual({
      readOnly: false,
      createTenant: true,
      updateTenant: true,
      deleteTenant: true,
      deletePod: true,
      // Cluster-scoped: a RoleBinding cannot grant them.
      createNamespace: false,
      formatDrives: false,
    });
    const inB = await callAs(h.app, nsAdmin, 'GET', '/namespaces/ns-b/permissions');
    expect(inB.json()).toMatchObject({ readOnly: true, createTenant: false, deleteTenant: false });
    const session = await callAs(h.app, nsAdmin, 'GET', '/session');
    expect(session.json().operatorPermissions.readOnly).toBe(true);
  });

  test('cluster admin and read-only tokens get the same answer in any namespace', async () => {
    const adminRights = await callAs(h.app, admin, 'GET', '/namespaces/ns-b/permissions');
    expect(Object.values(adminRights.json()).filter((v) => v === true)).toHaveLength(6);
    expect(adminRights.json().readOnly).toBe(false);
    const viewerRights = await callAs(h.app, viewer, 'GET', '/namespaces/ns-a/permissions');
    expect(viewerRights.json()).toMatchObject({ readOnly: true, createTenant: false, updateTenant: false });
  });
});
