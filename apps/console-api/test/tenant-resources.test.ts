// A tenant's pods (list, log, events, delete), volume claims and certificates against a real
// kube-apiserver (packages/test-support/src/kube/cluster.mjs), with admin, read-only and junk tokens.

import { type Cluster, startCluster } from '@stowage/test-support/kube/cluster';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kubeConfigFor } from '../src/clients/kube.js';
import { POD_LOG_TAIL_BYTES } from '../src/services/tenants/log-tail.js';
import { listTenantPods } from '../src/services/tenants/tenant-pods.js';
import { getTenantSecurity } from '../src/services/tenants/tenant-security.js';
import { listAllVolumeClaims } from '../src/services/tenants/tenant-volume-claims.js';
import { selfSignedPair, type TestPair } from '../src/services/tenants/test-support/certificates.js';
import { testPool } from '../src/services/tenants/test-support/hop-tenant.js';
import {
  createClaim,
  createEvent,
  createPod,
  mustSucceed,
} from '../src/services/tenants/test-support/kube-objects.js';
import { callAs, type Harness, type LoggedIn, loginOperatorAs } from './harness.js';
import { startOperatorConsole } from './operator-harness.js';

const TENANT = '/namespaces/ns-a/tenants/tenant-a';

let cluster: Cluster;
let h: Harness;
let admin: LoggedIn;
let viewer: LoggedIn;
let minioPair: TestPair;
let caPair: TestPair;

/** An admin call that must succeed: the test's own set-up, straight to the API server. */
const kube = mustSucceed((...args) => cluster.api(...args));

/** Pods not on their way out (no kubelet confirms a deletion, so a deleted pod only gets a deletionTimestamp). */
async function livePods(namespace: string): Promise<string[]> {
  const list = (await kube('GET', `/api/v1/namespaces/${namespace}/pods`)) as {
    items: { metadata: { name: string; deletionTimestamp?: string } }[];
  };
  return list.items
    .filter((p) => !p.metadata.deletionTimestamp)
    .map((p) => p.metadata.name)
    .sort();
}

async function secretNames(namespace: string): Promise<string[]> {
  const list = (await kube('GET', `/api/v1/namespaces/${namespace}/secrets`)) as {
    items: { metadata: { name: string } }[];
  };
  return list.items.map((s) => s.metadata.name).sort();
}

async function readTenant(): Promise<{ spec: Record<string, unknown> }> {
  return kube('GET', '/apis/minio.min.io/v2/namespaces/ns-a/tenants/tenant-a');
}

/** Tenant tenant-a with one TLS key pair and one CA in its own secrets. */
async function createTenantWithCertificates() {
  await kube('POST', '/api/v1/namespaces/ns-a/secrets', {
    metadata: { name: 'tenant-a-cert', labels: { 'v1.min.io/tenant': 'tenant-a' } },
    type: 'kubernetes.io/tls',
    data: { 'tls.crt': minioPair.crt, 'tls.key': minioPair.key },
  });
  await kube('POST', '/api/v1/namespaces/ns-a/secrets', {
    metadata: { name: 'ca-certificate-0', labels: { 'v1.min.io/tenant': 'tenant-a' } },
    data: { 'public.crt': caPair.crt },
  });
  await kube('POST', '/api/v1/namespaces/ns-a/secrets', { metadata: { name: 'unrelated' } });
  await kube('POST', '/apis/minio.min.io/v2/namespaces/ns-a/tenants', {
    apiVersion: 'minio.min.io/v2',
    kind: 'Tenant',
    metadata: { name: 'tenant-a', namespace: 'ns-a' },
    spec: {
      image: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
      pools: [testPool('10Gi')],
      externalCertSecret: [{ name: 'tenant-a-cert', type: 'kubernetes.io/tls' }],
      externalCaCertSecret: [{ name: 'ca-certificate-0', type: 'Opaque' }],
    },
  });
}

const junkConfig = () =>
  kubeConfigFor({ server: cluster.server, caPem: cluster.caPem, namespace: 'default' }, cluster.junkToken);

beforeAll(async () => {
  minioPair = selfSignedPair('minio', {
    days: 30,
    serial: 4660,
    subjectAltName: 'DNS:minio.ns-a.svc.cluster.local,DNS:*.tenant-a-hl.ns-a.svc.cluster.local,IP:10.0.0.7',
  });
  caPair = selfSignedPair('tenant-ca', { days: 365, serial: 77 });
  cluster = await startCluster();
  ({ h, admin, viewer } = await startOperatorConsole(cluster));
  for (const ns of ['ns-a', 'ns-b']) await kube('POST', '/api/v1/namespaces', { metadata: { name: ns } });
  await createTenantWithCertificates();
  const tenantA = { 'v1.min.io/tenant': 'tenant-a', 'v1.min.io/pool': 'pool-0' };
  await createPod(kube, 'ns-a', 'tenant-a-pool-0-0', tenantA, { ip: '10.1.0.4', restarts: 2 });
  await createPod(kube, 'ns-a', 'tenant-a-pool-0-1', tenantA, {
    ip: '10.1.0.5',
    containers: ['sidecar', 'minio'],
    annotations: { 'kubectl.kubernetes.io/default-container': 'minio' },
  });
  // Same namespace, a name that starts with "tenant-a", another tenant's label.
  await createPod(kube, 'ns-a', 'tenant-ab-pool-0-0', { 'v1.min.io/tenant': 'tenant-ab' });
  // Named like tenant-a's pods but without its label.
  await createPod(kube, 'ns-a', 'tenant-a-imposter', {});
}, 120_000);
afterAll(async () => {
  await h?.close();
  await cluster?.stop();
});

describe('tenant pods', () => {
  test("lists the tenant's pods only, with phase, age, address, restarts and node", async () => {
    const res = await callAs(h.app, admin, 'GET', `${TENANT}/pods`);
    expect(res.statusCode).toBe(200);
    const pods = res.json();
    expect(pods.map((p: { name: string }) => p.name)).toEqual(['tenant-a-pool-0-0', 'tenant-a-pool-0-1']);
    expect(pods[0]).toMatchObject({
      name: 'tenant-a-pool-0-0',
      status: 'Running',
      podIP: '10.1.0.4',
      restarts: 2,
      node: 'node-1',
    });
    const created = await kube('GET', '/api/v1/namespaces/ns-a/pods/tenant-a-pool-0-0');
    expect(pods[0].timeCreated).toBe(Date.parse(created.metadata.creationTimestamp) / 1000);
    const viewerRes = await callAs(h.app, viewer, 'GET', `${TENANT}/pods`);
    expect(viewerRes.statusCode).toBe(200);
    expect(viewerRes.json()).toHaveLength(2);
    const none = await callAs(h.app, admin, 'GET', '/namespaces/ns-b/tenants/tenant-b/pods');
    expect(none.json()).toEqual([]);
  });

  test('a junk token is 401 from the API server; no session is 401 from the console', async () => {
    await expect(listTenantPods(junkConfig(), 'ns-a', 'tenant-a')).rejects.toMatchObject({
      status: 401,
      message: 'unauthorized',
    });
    const anonymous = await h.app.inject({ method: 'GET', url: `/api/v1${TENANT}/pods` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('pod logs', () => {
  test("the default container's whole log travels from the kubelet through the API server", async () => {
    cluster.setPodLog('ns-a', 'tenant-a-pool-0-0', 'minio', 'Status: 4 Online\nAPI: https://10.1.0.4:9000\n');
    cluster.setPodLog('ns-a', 'tenant-a-pool-0-1', 'sidecar', 'sidecar noise\n');
    cluster.setPodLog('ns-a', 'tenant-a-pool-0-1', 'minio', 'annotated default container\n');
    const res = await callAs(h.app, viewer, 'GET', `${TENANT}/pods/tenant-a-pool-0-0`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBe('Status: 4 Online\nAPI: https://10.1.0.4:9000\n');
    const annotated = await callAs(h.app, admin, 'GET', `${TENANT}/pods/tenant-a-pool-0-1`);
    expect(annotated.json()).toBe('annotated default container\n');
  });

  test("another tenant's pod, an unlabelled pod and a missing pod are 404, and no log is read", async () => {
    cluster.setPodLog('ns-a', 'tenant-ab-pool-0-0', 'minio', 'SECRET OF TENANT AB\n');
    cluster.setPodLog('ns-a', 'tenant-a-imposter', 'minio', 'SECRET OF NOBODY\n');
    for (const pod of ['tenant-ab-pool-0-0', 'tenant-a-imposter', 'tenant-a-pool-9-9']) {
      const res = await callAs(h.app, admin, 'GET', `${TENANT}/pods/${pod}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('SECRET');
    }
  });

  test('a log longer than the limit answers its last lines, cut at a whole line', async () => {
    const line = `${'x'.repeat(99)}\n`;
    const lines = Math.ceil((POD_LOG_TAIL_BYTES * 1.5) / line.length);
    const log = `FIRST LINE\n${line.repeat(lines)}LAST LINE\n`;
    cluster.setPodLog('ns-a', 'tenant-a-pool-0-0', 'minio', log);
    const res = await callAs(h.app, admin, 'GET', `${TENANT}/pods/tenant-a-pool-0-0`);
    expect(res.statusCode).toBe(200);
    const text: string = res.json();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(POD_LOG_TAIL_BYTES);
    expect(Buffer.byteLength(text)).toBeGreaterThan(POD_LOG_TAIL_BYTES - line.length);
    expect(text.endsWith('LAST LINE\n')).toBe(true);
    expect(text).not.toContain('FIRST LINE');
    expect(text.startsWith(line)).toBe(true);
  });
});

describe('pod events', () => {
  test("the pod's events only, oldest first, with namespace, time, type, reason and message", async () => {
    const pods = (await kube('GET', '/api/v1/namespaces/ns-a/pods')) as {
      items: { metadata: { name: string; uid: string } }[];
    };
    const uid = (name: string) => pods.items.find((p) => p.metadata.name === name)?.metadata.uid ?? '';
    const pod0 = { name: 'tenant-a-pool-0-0', uid: uid('tenant-a-pool-0-0') };
    await createEvent(kube, 'ns-a', 'ev-started', pod0, '2021-09-08T10:02:00Z', 'Started');
    await createEvent(kube, 'ns-a', 'ev-pulled', pod0, '2021-09-08T10:01:00Z', 'Pulled');
    await createEvent(kube, 'ns-a', 'ev-backoff', pod0, '2021-09-08T10:03:00Z', 'BackOff');
    const other = { name: 'tenant-ab-pool-0-0', uid: uid('tenant-ab-pool-0-0') };
    await createEvent(kube, 'ns-a', 'ev-other', other, '2021-09-08T10:00:00Z', 'Scheduled');

    const res = await callAs(h.app, viewer, 'GET', `${TENANT}/pods/tenant-a-pool-0-0/events`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        namespace: 'ns-a',
        last_seen: 1631095260,
        event_type: 'Normal',
        reason: 'Pulled',
        message: 'Pulled on tenant-a-pool-0-0',
      },
      {
        namespace: 'ns-a',
        last_seen: 1631095320,
        event_type: 'Normal',
        reason: 'Started',
        message: 'Started on tenant-a-pool-0-0',
      },
      {
        namespace: 'ns-a',
        last_seen: 1631095380,
        event_type: 'Warning',
        reason: 'BackOff',
        message: 'BackOff on tenant-a-pool-0-0',
      },
    ]);
    const foreign = await callAs(h.app, admin, 'GET', `${TENANT}/pods/tenant-ab-pool-0-0/events`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Scheduled');
  });
});

describe('delete pod', () => {
  test('a read-only token is 403 and the pod stays', async () => {
    const res = await callAs(h.app, viewer, 'DELETE', `${TENANT}/pods/tenant-a-pool-0-1`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('forbidden');
    expect(await livePods('ns-a')).toContain('tenant-a-pool-0-1');
  });

  test("another tenant's pod and an unlabelled look-alike are 404 and stay", async () => {
    for (const pod of ['tenant-ab-pool-0-0', 'tenant-a-imposter', 'kube-apiserver']) {
      const res = await callAs(h.app, admin, 'DELETE', `${TENANT}/pods/${pod}`);
      expect(res.statusCode).toBe(404);
    }
    expect(await livePods('ns-a')).toEqual([
      'tenant-a-imposter',
      'tenant-a-pool-0-0',
      'tenant-a-pool-0-1',
      'tenant-ab-pool-0-0',
    ]);
  });

  test("the admin deletes one of the tenant's pods and only that one", async () => {
    const res = await callAs(h.app, admin, 'DELETE', `${TENANT}/pods/tenant-a-pool-0-1`);
    expect(res.statusCode).toBe(204);
    expect(await livePods('ns-a')).toEqual(['tenant-a-imposter', 'tenant-a-pool-0-0', 'tenant-ab-pool-0-0']);
  });
});

describe('volume claims', () => {
  beforeAll(async () => {
    await createClaim(kube, 'ns-a', 'data0-tenant-a-pool-0-0', { 'v1.min.io/tenant': 'tenant-a' }, 'fast');
    await createClaim(
      kube,
      'ns-a',
      'data0-tenant-ab-pool-0-0',
      { 'v1.min.io/tenant': 'tenant-ab' },
      'standard',
    );
    await createClaim(
      kube,
      'ns-b',
      'data0-tenant-b-pool-0-0',
      { 'v1.min.io/tenant': 'tenant-b' },
      'standard',
    );
    await createClaim(kube, 'ns-b', 'scratch', {}, 'standard');
  });

  test("a tenant's claims with status, capacity, class, volume, tenant and age", async () => {
    const res = await callAs(h.app, viewer, 'GET', `${TENANT}/pvcs`);
    expect(res.statusCode).toBe(200);
    const { pvcs } = res.json();
    expect(pvcs).toHaveLength(1);
    expect(pvcs[0]).toMatchObject({
      name: 'data0-tenant-a-pool-0-0',
      namespace: 'ns-a',
      status: 'Bound',
      capacity: '10Gi',
      storageClass: 'fast',
      volume: 'pv-data0-tenant-a-pool-0-0',
      tenant: 'tenant-a',
    });
    expect(Date.parse(pvcs[0].age)).not.toBeNaN();
  });

  test('GET /list-pvcs: every claim with a tenant label in every namespace', async () => {
    const res = await callAs(h.app, admin, 'GET', '/list-pvcs');
    expect(res.statusCode).toBe(200);
    expect(res.json().pvcs.map((c: { namespace: string; name: string; tenant: string }) => c)).toMatchObject([
      { namespace: 'ns-a', name: 'data0-tenant-a-pool-0-0', tenant: 'tenant-a' },
      { namespace: 'ns-a', name: 'data0-tenant-ab-pool-0-0', tenant: 'tenant-ab' },
      { namespace: 'ns-b', name: 'data0-tenant-b-pool-0-0', tenant: 'tenant-b' },
    ]);
    expect(res.json().pvcs).toHaveLength(3);
    await expect(listAllVolumeClaims(junkConfig())).rejects.toMatchObject({ status: 401 });
  });
});

describe('tenant security', () => {
  test('AutoCert (unset: on) and each certificate’s name, serial, domains and expiry', async () => {
    const res = await callAs(h.app, viewer, 'GET', `${TENANT}/security`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.autoCert).toBe(true);
    expect(body.customCertificates.minio).toEqual([
      {
        name: 'tenant-a-cert',
        serialNumber: '4660',
        domains: ['minio.ns-a.svc.cluster.local', '*.tenant-a-hl.ns-a.svc.cluster.local', '10.0.0.7'],
        expiry: expect.any(String),
      },
    ]);
    const days = (Date.parse(body.customCertificates.minio[0].expiry) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);
    expect(body.customCertificates.minioCAs).toMatchObject([
      { name: 'ca-certificate-0', serialNumber: '77', domains: [] },
    ]);
    await expect(getTenantSecurity(junkConfig(), 'ns-a', 'tenant-a')).rejects.toMatchObject({ status: 401 });
    const missing = await callAs(h.app, admin, 'GET', '/namespaces/ns-a/tenants/nope/security');
    expect(missing.statusCode).toBe(404);
  });

  test('a role that may not read secrets sees AutoCert and the certificates by name only', async () => {
    await kube('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', {
      metadata: { name: 'tenant-viewer-without-secrets' },
      rules: [{ apiGroups: ['minio.min.io'], resources: ['tenants'], verbs: ['get', 'list'] }],
    });
    const token = await cluster.createServiceAccountToken(
      'stowage-viewers',
      'no-secrets',
      'tenant-viewer-without-secrets',
    );
    const res = await callAs(h.app, await loginOperatorAs(h.app, token), 'GET', `${TENANT}/security`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      autoCert: true,
      customCertificates: {
        minio: [{ name: 'tenant-a-cert', serialNumber: '', domains: [], expiry: '' }],
        minioCAs: [{ name: 'ca-certificate-0', serialNumber: '', domains: [], expiry: '' }],
      },
    });
  });

  test('bad PEM, a mismatched key or a foreign secret is 400 and nothing is written', async () => {
    const before = { secrets: await secretNames('ns-a'), tenant: (await readTenant()).spec };
    const other = selfSignedPair('other');
    const bodies = [
      { minio: [{ crt: Buffer.from('not a certificate').toString('base64'), key: other.key }] },
      { minio: [{ crt: minioPair.crt, key: other.key }] },
      {
        minioCAs: [
          Buffer.from('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n').toString('base64'),
        ],
      },
      { secretsToBeDeleted: ['unrelated'] },
    ];
    const messages = [];
    for (const customCertificates of bodies) {
      const res = await callAs(h.app, admin, 'POST', `${TENANT}/security`, {
        autoCert: false,
        customCertificates,
      });
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'Certificates and keys must be base64-encoded PEM files',
      'The private key does not belong to the certificate',
      'Certificates and keys must be base64-encoded PEM files',
      'Only certificates of this tenant can be removed',
    ]);
    expect(await secretNames('ns-a')).toEqual(before.secrets);
    expect((await readTenant()).spec).toEqual(before.tenant);
  });

  test('a read-only token is 403 and nothing is written', async () => {
    const before = { secrets: await secretNames('ns-a'), tenant: (await readTenant()).spec };
    const res = await callAs(h.app, viewer, 'POST', `${TENANT}/security`, {
      autoCert: false,
      customCertificates: {
        minio: [{ crt: caPair.crt, key: caPair.key }],
        secretsToBeDeleted: ['tenant-a-cert'],
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('forbidden');
    expect(await secretNames('ns-a')).toEqual(before.secrets);
    expect((await readTenant()).spec).toEqual(before.tenant);
  });

  test('a save adds the new certificates, points the tenant at them and removes the old one', async () => {
    const replacement = selfSignedPair('minio-2', { serial: 5000, subjectAltName: 'DNS:minio.ns-a.svc' });
    const res = await callAs(h.app, admin, 'POST', `${TENANT}/security`, {
      autoCert: false,
      customCertificates: {
        minio: [{ crt: replacement.crt, key: replacement.key }],
        minioCAs: [caPair.crt],
        secretsToBeDeleted: ['tenant-a-cert'],
      },
    });
    expect(res.statusCode).toBe(204);
    const spec = (await readTenant()).spec as {
      requestAutoCert: boolean;
      externalCertSecret: { name: string; type: string }[];
      externalCaCertSecret: { name: string; type: string }[];
    };
    expect(spec.requestAutoCert).toBe(false);
    expect(spec.externalCertSecret).toHaveLength(1);
    const certName = spec.externalCertSecret[0]?.name ?? '';
    expect(certName).toMatch(/^tenant-a-[a-z]{5}-external-certificates-0$/);
    expect(spec.externalCaCertSecret.map((r) => r.name)).toEqual([
      'ca-certificate-0',
      certName.replace('external-certificates', 'ca-certificate'),
    ]);
    const secrets = await secretNames('ns-a');
    expect(secrets).not.toContain('tenant-a-cert');
    expect(secrets).toContain(certName);
    expect(secrets).toContain('unrelated');
    const saved = await kube('GET', `/api/v1/namespaces/ns-a/secrets/${certName}`);
    expect(saved).toMatchObject({
      type: 'kubernetes.io/tls',
      metadata: { labels: { 'v1.min.io/tenant': 'tenant-a' } },
    });

    const security = (await callAs(h.app, admin, 'GET', `${TENANT}/security`)).json();
    expect(security.autoCert).toBe(false);
    expect(security.customCertificates.minio).toMatchObject([
      { name: certName, serialNumber: '5000', domains: ['minio.ns-a.svc'] },
    ]);
    expect(security.customCertificates.minioCAs).toHaveLength(2);
  });
});
