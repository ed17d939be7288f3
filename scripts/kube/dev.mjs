// `npm run kube:dev`: a local Kubernetes API server for trying operator mode. Prints a kubeconfig
// and an admin service-account token to paste into the operator login, then runs until Ctrl-C.
import { readFileSync } from 'node:fs';
import { loadAllYaml } from '@kubernetes/client-node';
import { startCluster } from '@stowage/test-support/kube/cluster';

const cluster = await startCluster();
// The roles a real deployment gives its users (deploy/kubernetes/user-roles.yaml), not cluster-admin.
const roles = loadAllYaml(
  readFileSync(new URL('../../deploy/kubernetes/user-roles.yaml', import.meta.url), 'utf8'),
);
for (const role of roles) {
  const res = await cluster.api('POST', '/apis/rbac.authorization.k8s.io/v1/clusterroles', role);
  if (res.status >= 300) throw new Error(`cannot create ${role.metadata.name}: ${JSON.stringify(res.body)}`);
}
const token = await cluster.createServiceAccountToken(
  'stowage-system',
  'console-admin',
  'stowage-operator-admin',
);
const readOnly = await cluster.createServiceAccountToken(
  'stowage-system',
  'console-viewer',
  'stowage-operator-viewer',
);
console.log(`Kubernetes API server: ${cluster.server}
kubeconfig: ${cluster.kubeconfigPath}

  npx stowage console --operator --kubeconfig ${cluster.kubeconfigPath}

Token bound to stowage-operator-admin (paste it into the operator login):
${token}

Token bound to stowage-operator-viewer (a console with every change disabled):
${readOnly}

Ctrl-C stops the cluster and deletes its files.`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
