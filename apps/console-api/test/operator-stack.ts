import type { Cluster } from '@stowage/test-support/kube/cluster';
import { startCluster } from '@stowage/test-support/kube/cluster';
import type { AppDeps } from '../src/app.js';
import type { ServiceAddressing } from '../src/clients/tenant-services.js';
import { type Harness, type LoggedIn, loginOperatorAs, startHarness } from './harness.js';

/** The console's own namespace in operator tests (the SUBNET licence lives there). */
export const CONSOLE_NAMESPACE = 'stowage-system';

export interface OperatorStack {
  cluster: Cluster;
  h: Harness;
  adminToken: string;
  admin: LoggedIn;
  viewer: LoggedIn;
  /** An admin call that must succeed: the test's own set-up and checks, straight to the API server. */
  // biome-ignore lint/suspicious/noExplicitAny: raw Kubernetes JSON
  kube(method: string, path: string, body?: unknown): Promise<any>;
  /** A session whose token may write secrets but only read tenants. */
  loginSecretWriter(): Promise<LoggedIn>;
  close(): Promise<void>;
}

/** A real kube-apiserver and the console in operator mode, with an admin and a read-only session. */
export async function startOperatorStack(
  services?: ServiceAddressing,
  appDeps: Partial<Pick<AppDeps, 'sessions'>> = {},
): Promise<OperatorStack> {
  const cluster = await startCluster();
  const [adminToken, readOnlyToken] = await Promise.all([
    cluster.createServiceAccountToken(CONSOLE_NAMESPACE, 'console-admin', 'cluster-admin'),
    cluster.createReadOnlyToken(),
  ]);
  const h = await startHarness(
    {
      operator: {
        cluster: { server: cluster.server, caPem: cluster.caPem, namespace: CONSOLE_NAMESPACE },
        ...(services ? { services } : {}),
      },
    },
    {},
    appDeps,
  );
  const [admin, viewer] = await Promise.all([
    loginOperatorAs(h.app, adminToken),
    loginOperatorAs(h.app, readOnlyToken),
  ]);
  const kube = async (method: string, path: string, body?: unknown) => {
    const res = await cluster.api(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return {
    cluster,
    h,
    adminToken,
    admin,
    viewer,
    kube,
    async loginSecretWriter() {
      await kube('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', {
        metadata: { name: 'secret-writer' },
        rules: [
          { apiGroups: [''], resources: ['secrets', 'namespaces'], verbs: ['*'] },
          { apiGroups: ['minio.min.io'], resources: ['tenants'], verbs: ['get', 'list'] },
        ],
      });
      const token = await cluster.createServiceAccountToken(
        CONSOLE_NAMESPACE,
        'secret-writer',
        'secret-writer',
      );
      return loginOperatorAs(h.app, token);
    },
    async close() {
      await h.close();
      await cluster.stop();
    },
  };
}
