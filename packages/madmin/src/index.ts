export { ConfigApi } from './api/config.js';
export { GroupsApi } from './api/groups.js';
export { HealApi } from './api/heal.js';
export { PoliciesApi } from './api/policies.js';
export { RemoteTargetsApi } from './api/remote-targets.js';
export { ServiceAccountsApi } from './api/service-accounts.js';
export { HEALTH_TYPES, type LogOptions, ndjson, type TraceOptions } from './api/streams.js';
export { TiersApi } from './api/tiers.js';
export { UsersApi } from './api/users.js';
export {
  ADMIN_PREFIX,
  type AdminRequest,
  type AdminResponse,
  MadminClient,
  type MadminClientOptions,
  type QueryValues,
} from './client.js';
export * from './config-text.js';
export * from './crypto/index.js';
export { MadminError, madminErrorFromResponse } from './errors.js';
export { prometheusToken } from './prometheus.js';
export * from './sigv4.js';
export * from './sts.js';
export type * from './types/account.js';
export * from './types/common.js';
export type * from './types/config.js';
export type * from './types/groups.js';
export * from './types/heal.js';
export type * from './types/info.js';
export type * from './types/policy.js';
export type * from './types/quota.js';
export type * from './types/remote-targets.js';
export type * from './types/service-accounts.js';
export type * from './types/streams.js';
export type * from './types/tiers.js';
export type * from './types/users.js';
export { XML_READ_OPTIONS } from './xml.js';
export * from './xml-writer.js';
