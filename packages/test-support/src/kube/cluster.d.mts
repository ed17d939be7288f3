// Types for cluster.mjs, so TypeScript tests and e2e can start the cluster.
export interface KubeResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: raw Kubernetes JSON for test set-up
  body: any;
}
export interface Cluster {
  server: string;
  caPem: string;
  adminToken: string;
  kubeconfigPath: string;
  dir: string;
  kubeletPort: number;
  api(method: string, path: string, body?: unknown, contentType?: string): Promise<KubeResponse>;
  createServiceAccountToken(namespace: string, name: string, clusterRole?: string): Promise<string>;
  createReadOnlyToken(namespace?: string, name?: string): Promise<string>;
  junkToken: string;
  /** Status subresource merge patch; the CRD's required status fields are defaulted. Resolves the Tenant. */
  // biome-ignore lint/suspicious/noExplicitAny: raw Kubernetes JSON for test set-up
  setTenantStatus(namespace: string, name: string, status: Record<string, unknown>): Promise<any>;
  setPodLog(namespace: string, pod: string, container: string, text: string): void;
  stop(): Promise<void>;
}
export const KUBE_VERSION: string;
export const apiserverBinary: string;
export const CRD_FILES: string[];
export const JUNK_TOKEN: string;
export const READ_ONLY_CLUSTER_ROLE: string;
export const NODES: {
  name: string;
  memory: number;
  zone: string;
  taints: { key: string; value: string; effect: string }[];
}[];
export const STORAGE_CLASSES: string[];
export function ensureApiserver(): string;
export function startCluster(): Promise<Cluster>;
