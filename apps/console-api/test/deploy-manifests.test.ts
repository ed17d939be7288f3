// The Kubernetes manifests of deploy/kubernetes against a real API server: each passes a
// server-side dry-run apply, and once applied, the roles they define give operator mode exactly
// the rights it needs — the admin role every control, the viewer role a read-only console, the
// console's own account nothing but its licence secret.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AuthorizationV1Api, loadAllYaml } from '@kubernetes/client-node';
import { type Cluster, startCluster } from '@stowage/test-support/kube/cluster';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kubeConfigFor } from '../src/clients/kube.js';
import { minimalCreateRequest } from '../src/services/tenants/test-support/create-request.js';
import { callAs, type Harness, type LoggedIn, loginOperatorAs, startHarness } from './harness.js';

const DEPLOY_DIR = new URL('../../../deploy/kubernetes/', import.meta.url).pathname;
const CONSOLE_NAMESPACE = 'stowage-system';

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  [field: string]: unknown;
}

const PLURALS: Record<string, string> = {
  Namespace: 'namespaces',
  ServiceAccount: 'serviceaccounts',
  Service: 'services',
  Deployment: 'deployments',
  Role: 'roles',
  RoleBinding: 'rolebindings',
  ClusterRole: 'clusterroles',
  ClusterRoleBinding: 'clusterrolebindings',
};

function manifests(): Manifest[] {
  return readdirSync(DEPLOY_DIR)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .flatMap((f) => loadAllYaml(readFileSync(join(DEPLOY_DIR, f), 'utf8')) as Manifest[]);
}

function objectPath(m: Manifest): string {
  const plural = PLURALS[m.kind];
  if (!plural) throw new Error(`no path known for kind ${m.kind}`);
  const base = m.apiVersion.includes('/') ? `/apis/${m.apiVersion}` : `/api/${m.apiVersion}`;
  const ns = m.metadata.namespace ? `/namespaces/${m.metadata.namespace}` : '';
  return `${base}${ns}/${plural}/${m.metadata.name}`;
}

let cluster: Cluster;
let h: Harness;

/** Server-side apply, as `kubectl apply --server-side [--dry-run=server]` sends it. */
function apply(m: Manifest, dryRun: boolean) {
  const query = `?fieldManager=stowage-deploy-test&force=true${dryRun ? '&dryRun=All' : ''}`;
  return cluster.api('PATCH', objectPath(m) + query, m, 'application/apply-patch+yaml');
}

beforeAll(async () => {
  cluster = await startCluster();
  h = await startHarness({
    operator: { cluster: { server: cluster.server, caPem: cluster.caPem, namespace: CONSOLE_NAMESPACE } },
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await cluster?.stop();
});

describe('deploy/kubernetes', () => {
  test('every object passes a server-side dry-run apply, and a broken one does not', async () => {
    const all = manifests();
    expect(all.map((m) => m.kind).sort()).toEqual(
      [
        'ClusterRole',
        'ClusterRole',
        'Deployment',
        'Namespace',
        'Role',
        'RoleBinding',
        'Service',
        'ServiceAccount',
      ].sort(),
    );
    const namespace = all.find((m) => m.kind === 'Namespace') as Manifest;
    expect((await apply(namespace, true)).status).toBeLessThan(300);
    // Namespaced objects are admitted only into a namespace that exists, dry run or not.
    expect((await apply(namespace, false)).status).toBeLessThan(300);
    for (const m of all) {
      const res = await apply(m, true);
      expect(res.status, `${m.kind} ${m.metadata.name}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    }
    // The dry run created nothing.
    const deployment = all.find((m) => m.kind === 'Deployment') as Manifest;
    expect((await cluster.api('GET', objectPath(deployment))).status).toBe(404);

    const broken = structuredClone(deployment) as Manifest & { spec: { replicas: unknown } };
    broken.spec.replicas = 'one';
    expect((await apply(broken, true)).status).toBeGreaterThanOrEqual(400);
  });

  describe('applied, with tokens bound to its roles', () => {
    let admin: LoggedIn;
    let viewer: LoggedIn;
    let consoleToken: string;
    beforeAll(async () => {
      for (const m of manifests()) {
        const res = await apply(m, false);
        if (res.status >= 300) throw new Error(`${m.kind}: ${JSON.stringify(res.body)}`);
      }
      const [adminToken, viewerToken] = await Promise.all([
        cluster.createServiceAccountToken('people', 'alice', 'stowage-operator-admin'),
        cluster.createServiceAccountToken('people', 'bob', 'stowage-operator-viewer'),
      ]);
      consoleToken = await cluster.createServiceAccountToken(CONSOLE_NAMESPACE, 'stowage-console');
      [admin, viewer] = await Promise.all([
        loginOperatorAs(h.app, adminToken),
        loginOperatorAs(h.app, viewerToken),
      ]);
    });

    const session = async (who: LoggedIn) =>
      (await h.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie: who.cookie } })).json();

    test('the admin role enables every control of operator mode', async () => {
      expect((await session(admin)).operatorPermissions).toEqual({
        readOnly: false,
        createTenant: true,
        updateTenant: true,
        deleteTenant: true,
        createNamespace: true,
        deletePod: true,
        formatDrives: true,
      });
      expect((await callAs(h.app, admin, 'POST', '/namespace', { name: 'made-by-alice' })).statusCode).toBe(
        201,
      );
    });

    test('the viewer role reads every page and changes nothing', async () => {
      expect((await session(viewer)).operatorPermissions).toMatchObject({
        readOnly: true,
        createTenant: false,
        deleteTenant: false,
        formatDrives: false,
      });
      for (const path of [
        '/tenants',
        '/nodes/labels',
        '/cluster/max-allocatable-memory?num_nodes=4',
        `/namespaces/${CONSOLE_NAMESPACE}/resourcequotas/${CONSOLE_NAMESPACE}-storagequota`,
      ]) {
        const res = await callAs(h.app, viewer, 'GET', path);
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      }
      expect((await callAs(h.app, viewer, 'POST', '/namespace', { name: 'made-by-bob' })).statusCode).toBe(
        403,
      );
    });

    test("the admin role covers a tenant's whole life; the viewer role reads it", async () => {
      const as = (
        who: LoggedIn,
        method: 'GET' | 'POST' | 'PUT' | 'DELETE',
        path: string,
        payload?: unknown,
      ) => callAs(h.app, who, method, path, payload);
      expect((await as(admin, 'POST', '/namespace', { name: 'tenants-of-alice' })).statusCode).toBe(201);
      const created = await as(
        admin,
        'POST',
        '/tenants',
        minimalCreateRequest({
          name: 'alice-tenant',
          namespace: 'tenants-of-alice',
          image: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
        }),
      );
      expect(created.statusCode, created.body).toBe(201);
      const tenant = '/namespaces/tenants-of-alice/tenants/alice-tenant';
      for (const who of [admin, viewer]) {
        for (const path of [
          tenant,
          `${tenant}/yaml`,
          `${tenant}/pods`,
          `${tenant}/pvcs`,
          `${tenant}/security`,
        ]) {
          const res = await as(who, 'GET', path);
          expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
        }
      }
      const image = { image: 'minio/minio:RELEASE.2021-10-02T16-31-05Z', enable_prometheus: true };
      expect((await as(viewer, 'PUT', tenant, image)).statusCode).toBe(403);
      expect((await as(admin, 'PUT', tenant, image)).statusCode).toBe(204);
      expect((await as(viewer, 'DELETE', tenant, { delete_pvcs: true })).statusCode).toBe(403);
      expect((await as(admin, 'DELETE', tenant, { delete_pvcs: true })).statusCode).toBe(204);
      expect((await as(admin, 'GET', tenant)).statusCode).toBe(404);
    });

    test("the console's own account may touch its licence secret and nothing else", async () => {
      const reviews = kubeConfigFor(
        { server: cluster.server, caPem: cluster.caPem, namespace: CONSOLE_NAMESPACE },
        consoleToken,
      ).makeApiClient(AuthorizationV1Api);
      const may = async (verb: string, resource: string, group = '', namespace?: string, name?: string) => {
        const review = await reviews.createSelfSubjectAccessReview({
          body: {
            apiVersion: 'authorization.k8s.io/v1',
            kind: 'SelfSubjectAccessReview',
            spec: { resourceAttributes: { verb, group, resource, namespace, name } },
          },
        });
        return review.status?.allowed === true;
      };
      expect(await may('get', 'secrets', '', CONSOLE_NAMESPACE, 'subnet-license')).toBe(true);
      expect(await may('update', 'secrets', '', CONSOLE_NAMESPACE, 'subnet-license')).toBe(true);
      expect(await may('create', 'secrets', '', CONSOLE_NAMESPACE)).toBe(true);
      expect(await may('get', 'secrets', '', CONSOLE_NAMESPACE, 'another-secret')).toBe(false);
      expect(await may('list', 'secrets', '', CONSOLE_NAMESPACE)).toBe(false);
      expect(await may('get', 'secrets', '', 'ns-a', 'subnet-license')).toBe(false);
      expect(await may('list', 'tenants', 'minio.min.io')).toBe(false);
      expect(await may('list', 'pods')).toBe(false);
    });
  });
});
