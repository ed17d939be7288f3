export { type AppDeps, buildApp, createSessionStore } from './app.js';
export { type KubeCluster, resolveKubeCluster } from './clients/kube.js';
export { createStorageGateway, type StorageGateway } from './clients/storage.js';
export { type ServiceAddressing, serviceAddressingFromEnv } from './clients/tenant-services.js';
export { type ConsoleConfig, DEFAULT_CONFIG, normaliseBasePath } from './config.js';
export { buildDeployments, type DeploymentsConsole } from './deployments/serve.js';
export {
  type DeploymentSettings,
  DeploymentSettingsError,
  parseDeploymentSettings,
  type RootDeployment,
} from './deployments/settings.js';
export { ownTokenFile } from './services/subscription/license-refresh.js';
export { type SubnetSettings, subnetSettingsFromEnv } from './services/subscription/subnet-client.js';
export { type StartConsoleOptions, startConsole } from './start.js';
