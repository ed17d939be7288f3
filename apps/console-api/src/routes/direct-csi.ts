import { routes } from '@stowage/contract';
import type { KubeCluster } from '../clients/kube.js';
import type { Binder } from '../http/bind.js';
import {
  formatDirectCsiDrives,
  listDirectCsiDrives,
  listDirectCsiVolumes,
} from '../services/direct-csi/direct-csi-calls.js';
import { sessionKubeConfig } from '../session/kube-config.js';
import type { Session } from '../session/store.js';

/** Storage › Drives: the direct-csi driver's objects, bound only when the console talks to a cluster. */
export function registerDirectCsiRoutes(bind: Binder, cluster: KubeCluster): void {
  const kube = (session: Session) => sessionKubeConfig(cluster, session);
  bind.authed(routes.listDirectCsiDrives, ({ session }) => listDirectCsiDrives(kube(session)));
  bind.authed(routes.listDirectCsiVolumes, ({ session }) => listDirectCsiVolumes(kube(session)));
  bind.authed(routes.formatDirectCsiDrives, ({ session, body }) =>
    formatDirectCsiDrives(kube(session), body.drives, body.force),
  );
}
