import type { KubeConfig } from '@kubernetes/client-node';
import type { OperatorPermissions } from '@stowage/contract';
import {
  type AccessQuestion,
  canI,
  checkToken,
  fromKubeError,
  type KubeCluster,
  kubeConfigFor,
  tokenExpiry,
  tokenSubject,
} from '../clients/kube.js';
import type { NewSessionInput } from './store.js';

const TENANTS = { group: 'minio.min.io', resource: 'tenants' };

/** Cluster-scoped resources: a namespace's RoleBindings cannot grant them, so they are asked cluster-wide. */
const CLUSTER_SCOPED = new Set(['namespaces', 'directcsidrives']);

/** Each right the console shows as a control, and every Kubernetes verb that control needs. */
const RIGHTS: Record<Exclude<keyof OperatorPermissions, 'readOnly'>, AccessQuestion[]> = {
  createTenant: [
    { verb: 'create', ...TENANTS },
    { verb: 'create', group: '', resource: 'secrets' },
  ],
  updateTenant: [
    { verb: 'update', ...TENANTS },
    { verb: 'patch', ...TENANTS },
  ],
  deleteTenant: [{ verb: 'delete', ...TENANTS }],
  createNamespace: [{ verb: 'create', group: '', resource: 'namespaces' }],
  deletePod: [{ verb: 'deletecollection', group: '', resource: 'pods' }],
  formatDrives: [{ verb: 'update', group: 'direct.csi.min.io', resource: 'directcsidrives' }],
};

/**
 * What the token may change, asked of the cluster's RBAC: in every namespace, or in `namespace`
 * (a RoleBinding there counts) for the namespaced resources.
 */
export async function operatorPermissions(kc: KubeConfig, namespace?: string): Promise<OperatorPermissions> {
  const scoped = (q: AccessQuestion): AccessQuestion =>
    namespace && !CLUSTER_SCOPED.has(q.resource) ? { ...q, namespace } : q;
  const entries = await Promise.all(
    Object.entries(RIGHTS).map(async ([right, questions]) => {
      const answers = await Promise.all(questions.map((q) => canI(kc, scoped(q))));
      return [right, answers.every(Boolean)] as const;
    }),
  );
  const rights = Object.fromEntries(entries) as Omit<OperatorPermissions, 'readOnly'>;
  return { readOnly: !Object.values(rights).some(Boolean), ...rights };
}

/**
 * The service-account strategy (spec 000): the API server must accept the pasted JWT, which then
 * stays in the server-side session; every Kubernetes call of the session is made with it.
 */
export async function operatorLogin(cluster: KubeCluster, jwt: string): Promise<NewSessionInput> {
  const token = jwt.trim();
  await checkToken(cluster, token);
  const permissions = await operatorPermissions(kubeConfigFor(cluster, token)).catch((err: unknown) => {
    throw fromKubeError(err);
  });
  return {
    // No object-store credentials in operator mode: the Kubernetes token is the credential.
    credentials: { accessKey: '', secretKey: '' },
    credentialsExpireAt: tokenExpiry(token),
    accountAccessKey: tokenSubject(token),
    identity: 'kubernetes',
    grants: { allow: [], deny: [] },
    rules: [],
    distributedMode: false,
    kube: { token, permissions },
  };
}
