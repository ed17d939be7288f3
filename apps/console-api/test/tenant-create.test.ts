// POST /tenants against a real kube-apiserver (packages/test-support/src/kube/cluster.mjs): what it writes, what it
// refuses before writing, and that a failure after the first write leaves nothing behind.
import { Watch } from '@kubernetes/client-node';
import type { CreateTenantRequest } from '@stowage/contract';
import type { Cluster } from '@stowage/test-support/kube/cluster';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kubeConfigFor } from '../src/clients/kube.js';
import { TENANT_MESSAGES } from '../src/services/tenants/create-request.js';
import { CREATE_MESSAGES, createTenant } from '../src/services/tenants/tenant-create.js';
import { tenantSchemaErrors, unknownFields } from '../src/services/tenants/test-support/crd-schema.js';
import { minimalCreateRequest } from '../src/services/tenants/test-support/create-request.js';
import { callAs, type Harness, type LoggedIn } from './harness.js';
import { CONSOLE_NAMESPACE, type OperatorStack, startOperatorStack } from './operator-stack.js';

const GIB = 1024 ** 3;
const IMAGE = 'minio/minio:RELEASE.2021-09-03T03-56-13Z';

let stack: OperatorStack;
let cluster: Cluster;
let h: Harness;
let admin: LoggedIn;
let viewer: LoggedIn;

const kube = (method: string, path: string, body?: unknown) => stack.kube(method, path, body);

async function namespace(name: string) {
  await kube('POST', '/api/v1/namespaces', { metadata: { name } });
}

/** Names of the secrets and tenants in a namespace: what a refused create must leave untouched. */
async function contents(ns: string) {
  const names = (list: { items: { metadata: { name: string } }[] }) =>
    list.items.map((i) => i.metadata.name).sort();
  return {
    secrets: names(await kube('GET', `/api/v1/namespaces/${ns}/secrets`)),
    tenants: names(await kube('GET', `/apis/minio.min.io/v2/namespaces/${ns}/tenants`)),
  };
}

const body = (overrides: Partial<CreateTenantRequest>) =>
  minimalCreateRequest({ image: IMAGE, ...overrides });

/** POST /tenants as `who`. */
const create = (who: LoggedIn, overrides: Partial<CreateTenantRequest>) =>
  callAs(h.app, who, 'POST', '/tenants', body(overrides));

beforeAll(async () => {
  stack = await startOperatorStack();
  ({ cluster, h, admin, viewer } = stack);
}, 120_000);
afterAll(() => stack?.close());

describe('create tenant', () => {
  test('writes the secrets and a schema-valid Tenant, and answers the generated keys once', async () => {
    await namespace('ns-create');
    await kube('POST', `/api/v1/namespaces/${CONSOLE_NAMESPACE}/secrets`, {
      metadata: { name: 'subnet-license' },
      stringData: { CONSOLE_SUBNET_LICENSE: 'the-licence-jwt' },
    });
    const res = await create(admin, { name: 'tenant-a', namespace: 'ns-create' });
    expect(res.statusCode).toBe(201);
    const answer = res.json();
    expect(answer.externalIDP).toBe(false);
    expect(answer.console).toHaveLength(1);
    const [{ access_key, secret_key }] = answer.console;
    expect(access_key).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(secret_key).toMatch(/^[A-Za-z0-9]{32}$/);

    expect(await contents('ns-create')).toEqual({
      secrets: ['tenant-a-env-configuration', 'tenant-a-secret'],
      tenants: ['tenant-a'],
    });
    const tenant = await kube('GET', '/apis/minio.min.io/v2/namespaces/ns-create/tenants/tenant-a');
    expect(tenantSchemaErrors(tenant)).toEqual([]);
    expect(unknownFields({ spec: tenant.spec })).toEqual([]);
    expect(tenant.spec).toMatchObject({
      image: IMAGE,
      configuration: { name: 'tenant-a-env-configuration' },
      pools: [{ name: 'pool-0', servers: 4, volumesPerServer: 1 }],
    });
    const config = await kube('GET', '/api/v1/namespaces/ns-create/secrets/tenant-a-env-configuration');
    const env = Buffer.from(config.data['config.env'], 'base64').toString('utf8');
    expect(env).toContain(`MINIO_ROOT_USER="${access_key}"`);
    expect(env).toContain('MINIO_SUBNET_LICENSE="the-licence-jwt"');
    expect(env).toContain('MINIO_STORAGE_CLASS_STANDARD="EC:2"');

    // The detail never shows the keys again.
    const detail = await callAs(h.app, admin, 'GET', '/namespaces/ns-create/tenants/tenant-a');
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(secret_key);
    expect(detail.json()).toMatchObject({ name: 'tenant-a', image: IMAGE, total_instances: 4 });
  });

  test('without an image the configured default is used', async () => {
    await namespace('ns-default-image');
    const res = await create(admin, { name: 'tenant-d', namespace: 'ns-default-image', image: '' });
    expect(res.statusCode).toBe(201);
    const tenant = await kube('GET', '/apis/minio.min.io/v2/namespaces/ns-default-image/tenants/tenant-d');
    expect(tenant.spec.image).toMatch(/^minio\/minio:RELEASE\./);
  });

  test('a second tenant in the namespace is 409 with the spec message, and nothing is written', async () => {
    const before = await contents('ns-create');
    const res = await create(admin, { name: 'tenant-b', namespace: 'ns-create' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You can only create one tenant per namespace');
    const same = await create(admin, { name: 'tenant-a', namespace: 'ns-create' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(CREATE_MESSAGES.oneTenantPerNamespace);
    expect(await contents('ns-create')).toEqual(before);
  });

  test('secrets left by an earlier tenant of that name are a 409, not overwritten', async () => {
    await namespace('ns-leftover');
    await kube('POST', '/api/v1/namespaces/ns-leftover/secrets', {
      metadata: { name: 'tenant-l-secret', labels: { 'v1.min.io/tenant': 'tenant-l' } },
    });
    const res = await create(admin, { name: 'tenant-l', namespace: 'ns-leftover' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: CREATE_MESSAGES.leftoverSecrets('tenant-l'),
      detailedMessage: 'secrets labelled v1.min.io/tenant=tenant-l: tenant-l-secret',
    });
    expect(await contents('ns-leftover')).toEqual({ secrets: ['tenant-l-secret'], tenants: [] });
  });

  test('a namespace that does not exist is 400 Please enter a valid namespace', async () => {
    const res = await create(admin, { name: 'tenant-x', namespace: 'no-such-ns' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter a valid namespace');
    expect((await cluster.api('GET', '/api/v1/namespaces/no-such-ns')).status).toBe(404);
  });

  test.each([
    ['a name with capitals', { name: 'Tenant-A' }, TENANT_MESSAGES.name],
    ['a two-letter name', { name: 'ab' }, TENANT_MESSAGES.name],
    ['a short access key', { access_key: 'short' }, TENANT_MESSAGES.keys],
    ['parity EC:9', { erasureCodingParity: 9 }, TENANT_MESSAGES.parity],
    ['an image without a tag', { image: 'minio/minio' }, "Format must be of form: 'minio/minio:VERSION'"],
    [
      'three servers',
      { pools: [{ ...minimalCreateRequest().pools[0], servers: 3 }] as CreateTenantRequest['pools'] },
      TENANT_MESSAGES.servers,
    ],
    [
      'no drives',
      {
        pools: [
          { ...minimalCreateRequest().pools[0], volumes_per_server: 0 },
        ] as CreateTenantRequest['pools'],
      },
      TENANT_MESSAGES.drives,
    ],
    [
      'a 512 MiB volume',
      {
        pools: [
          { ...minimalCreateRequest().pools[0], volume_configuration: { size: GIB / 2 } },
        ] as CreateTenantRequest['pools'],
      },
      TENANT_MESSAGES.volumeSize,
    ],
    [
      '1 GiB of memory',
      {
        pools: [
          { ...minimalCreateRequest().pools[0], resources: { requests: { memory: GIB } } },
        ] as CreateTenantRequest['pools'],
      },
      TENANT_MESSAGES.memory,
    ],
  ])('%s is 400 with the spec message and writes nothing', async (_, overrides, message) => {
    const before = await contents('ns-create');
    const res = await create(admin, { namespace: 'ns-create', ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await contents('ns-create')).toEqual(before);
  });

  test('a read-only token is 403 and nothing is written', async () => {
    await namespace('ns-refused');
    const res = await create(viewer, { name: 'tenant-r', namespace: 'ns-refused' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'forbidden' });
    expect(await contents('ns-refused')).toEqual({ secrets: [], tenants: [] });
  });

  test('a token that may write secrets but not tenants is refused before the first secret', async () => {
    const writer = await stack.loginSecretWriter();
    const res = await create(writer, { name: 'tenant-r', namespace: 'ns-refused' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'forbidden',
      detailedMessage: 'cannot create resource "tenants" in the namespace "ns-refused"',
    });
    expect(await contents('ns-refused')).toEqual({ secrets: [], tenants: [] });
  });

  test('a junk token is 401 and nothing is written', async () => {
    const kc = kubeConfigFor(
      { server: cluster.server, caPem: cluster.caPem, namespace: 'default' },
      cluster.junkToken,
    );
    const err = await createTenant(kc, body({ name: 'tenant-r', namespace: 'ns-refused' }), {
      defaultImage: IMAGE,
      consoleNamespace: CONSOLE_NAMESPACE,
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 401, message: 'unauthorized' });
    expect(await contents('ns-refused')).toEqual({ secrets: [], tenants: [] });
    const anonymous = await h.app.inject({ method: 'POST', url: '/api/v1/tenants', payload: body({}) });
    expect(anonymous.statusCode).toBe(401);
  });

  test('a Tenant the API server refuses deletes the secrets already written', async () => {
    await namespace('ns-late');
    // Watch the namespace's secrets to prove they were written and then removed.
    const kc = kubeConfigFor(
      { server: cluster.server, caPem: cluster.caPem, namespace: 'default' },
      stack.adminToken,
    );
    const seen: string[] = [];
    const watching = await new Watch(kc).watch(
      '/api/v1/namespaces/ns-late/secrets',
      {},
      (type: string, obj: { metadata: { name: string } }) => seen.push(`${type} ${obj.metadata.name}`),
      () => undefined,
    );
    try {
      const pool = minimalCreateRequest().pools[0];
      // Passes the console's checks; the CRD schema wants an array here, so the API server says 422.
      const broken = body({
        name: 'tenant-late',
        namespace: 'ns-late',
        pools: [
          { ...pool, affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: 'x' } } },
        ] as CreateTenantRequest['pools'],
      });
      const res = await callAs(h.app, admin, 'POST', '/tenants', broken);
      expect(res.statusCode).toBe(400);
      expect(res.json().detailedMessage).toContain('requiredDuringSchedulingIgnoredDuringExecution');
      expect(await contents('ns-late')).toEqual({ secrets: [], tenants: [] });
      await expect
        .poll(() => seen)
        .toEqual(
          expect.arrayContaining([
            'ADDED tenant-late-secret',
            'ADDED tenant-late-env-configuration',
            'DELETED tenant-late-secret',
            'DELETED tenant-late-env-configuration',
          ]),
        );
    } finally {
      watching.abort();
    }
  });
});

describe('preview tenant', () => {
  test('answers the Tenant YAML and the secret names of a create, writes nothing and shows no key', async () => {
    await namespace('ns-preview');
    const keys = [{ access_key: 'wizard-user-1', secret_key: 'wizard-secret-1' }];
    const res = await callAs(
      h.app,
      viewer,
      'POST',
      '/tenants/preview',
      body({ name: 'tenant-p', namespace: 'ns-preview', idp: { keys } }),
    );
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.yaml).toContain('kind: Tenant');
    expect(preview.yaml).toContain('name: tenant-p');
    expect(preview.yaml).toContain(`image: ${IMAGE}`);
    expect(preview.secrets.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['tenant-p-secret', 'tenant-p-env-configuration']),
    );
    const text = res.body;
    expect(text).not.toContain('wizard-secret-1');
    expect(text).not.toContain(Buffer.from('wizard-secret-1').toString('base64'));
    expect(await contents('ns-preview')).toEqual({ secrets: [], tenants: [] });
  });

  test('refuses a body the create would refuse, with the same message', async () => {
    const res = await callAs(h.app, admin, 'POST', '/tenants/preview', body({ name: 'No' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TENANT_MESSAGES.name);
  });
});
