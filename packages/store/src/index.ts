export type { LoadedRootCredentials, RootCredentials } from './iam/root.js';
export { loadRootCredentials } from './iam/root.js';
export type { StoreHandle, StoreOptions } from './store.js';
export { startStore } from './store.js';
