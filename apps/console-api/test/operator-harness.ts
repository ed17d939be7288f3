// One console in operator mode on a test cluster, with an admin and a read-only operator logged in.
import type { Cluster } from '@stowage/test-support/kube/cluster';
import { type Harness, type LoggedIn, loginOperatorAs, startHarness } from './harness.js';

export const CONSOLE_NAMESPACE = 'stowage-system';

export interface OperatorConsole {
  h: Harness;
  /** Bound to cluster-admin. */
  admin: LoggedIn;
  /** Bound to the harness's read-only ClusterRole (get, list, watch). */
  viewer: LoggedIn;
  adminToken: string;
}

export async function startOperatorConsole(cluster: Cluster): Promise<OperatorConsole> {
  const [adminToken, readOnlyToken] = await Promise.all([
    cluster.createServiceAccountToken(CONSOLE_NAMESPACE, 'console-admin', 'cluster-admin'),
    cluster.createReadOnlyToken(),
  ]);
  const h = await startHarness({
    operator: { cluster: { server: cluster.server, caPem: cluster.caPem, namespace: CONSOLE_NAMESPACE } },
  });
  const [admin, viewer] = await Promise.all([
    loginOperatorAs(h.app, adminToken),
    loginOperatorAs(h.app, readOnlyToken),
  ]);
  return { h, admin, viewer, adminToken };
}
