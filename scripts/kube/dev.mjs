// `npm run kube:dev`: a local Kubernetes API server for trying operator mode. Prints a kubeconfig
// and an admin service-account token to paste into the operator login, then runs until Ctrl-C.
import { startCluster } from './cluster.mjs';

const cluster = await startCluster();
const token = await cluster.createServiceAccountToken('stowage-system', 'console-admin', 'cluster-admin');
const readOnly = await cluster.createReadOnlyToken();
console.log(`Kubernetes API server: ${cluster.server}
kubeconfig: ${cluster.kubeconfigPath}

  npx stowage console --operator --kubeconfig ${cluster.kubeconfigPath}

Admin service-account token (paste it into the operator login):
${token}

Read-only token (a console with every change disabled):
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
