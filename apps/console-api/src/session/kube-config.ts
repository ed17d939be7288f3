import type { KubeConfig } from '@kubernetes/client-node';
import { type KubeCluster, kubeConfigFor } from '../clients/kube.js';
import { ApiError } from '../http/errors.js';
import type { Session } from './store.js';

/**
 * The client configuration of an operator session: the cluster, as the session's own
 * service-account token (its RBAC rights, nothing more). A session without a token (no
 * operator login) never reaches the cluster.
 */
export function sessionKubeConfig(cluster: KubeCluster, session: Session): KubeConfig {
  if (!session.kube) throw new ApiError('sessionRequired');
  return kubeConfigFor(cluster, session.kube.token);
}
