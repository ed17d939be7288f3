import type { CoreV1Api } from '@kubernetes/client-node';
import { routes } from '@stowage/contract';
import type { KubeCluster } from '../clients/kube.js';
import { k8s } from '../clients/kube-library.js';
import type { Binder } from '../http/bind.js';
import { createNamespace, getNodeLabels, getResourceQuota, kubeCall } from '../services/operator-cluster.js';
import { sessionKubeConfig } from '../session/kube-config.js';
import { operatorPermissions } from '../session/operator-login.js';
import type { Session } from '../session/store.js';
import type { SessionNodeLister } from './operator-sizing.js';

/** The core API as the session's own Kubernetes token: its RBAC rights, nothing more. */
export function coreV1For(cluster: KubeCluster, session: Session): CoreV1Api {
  return sessionKubeConfig(cluster, session).makeApiClient(k8s().CoreV1Api);
}

/** max-allocatable-memory's node list in operator mode. */
export function sessionNodeLister(cluster: KubeCluster): SessionNodeLister {
  return async (session) => (await kubeCall(() => coreV1For(cluster, session).listNode())).items;
}

/** The Create Tenant wizard's cluster helpers: bound only when the console talks to a cluster. */
export function registerOperatorClusterRoutes(bind: Binder, cluster: KubeCluster): void {
  bind.authed(routes.createNamespace, async ({ body, session }) =>
    createNamespace(coreV1For(cluster, session), body.name),
  );
  bind.authed(routes.getNamespacePermissions, ({ params, session }) =>
    kubeCall(() => operatorPermissions(sessionKubeConfig(cluster, session), params.namespace)),
  );
  bind.authed(routes.getNodeLabels, async ({ session }) => getNodeLabels(coreV1For(cluster, session)));
  bind.authed(routes.getResourceQuota, async ({ params, session, reply }) => {
    const kc = sessionKubeConfig(cluster, session);
    reply.serializer(withInt64Max);
    return getResourceQuota(
      kc.makeApiClient(k8s().CoreV1Api),
      kc.makeApiClient(k8s().StorageV1Api),
      params.namespace,
      params.resourcequota,
    );
  });
}

/**
 * JSON with Go's int64 maximum written exactly: as a JS number it prints as 9223372036854776000,
 * which a Go or Java client reading int64 would refuse as out of range.
 */
function withInt64Max(payload: unknown): string {
  return JSON.stringify(payload).replace(/:9223372036854776000(?=[,}\]])/g, ':9223372036854775807');
}
