export type { LoadedRootCredentials, RootCredentials } from './iam/root.js';
export { loadRootCredentials } from './iam/root.js';
export type { LogEntry, LogLevel, RequestInfo } from './observe/logger.js';
export { formatLogJson, formatLogLine } from './observe/logger.js';
export type { StoreHandle, StoreOptions, TransitionCalls } from './store.js';
export { startStore } from './store.js';
