// The names a policy may use: the console's catalogue is tested against them.
export {
  CONDITION_KEYS,
  CONDITION_OPERATORS,
  isObjectAction,
  KNOWN_ACTIONS,
} from './iam/policy/index.js';
export type { LoadedRootCredentials, RootCredentials } from './iam/root.js';
export { loadRootCredentials } from './iam/root.js';
export type { LogEntry, LogLevel, RequestInfo } from './observe/logger.js';
export { formatLogJson, formatLogLine } from './observe/logger.js';
export type { StoreHandle, StoreOptions, TransitionCalls } from './store.js';
export { startStore } from './store.js';
