import type { GoTime } from './common.js';

/** One key of GET /help-config-kv (exactly these fields). */
export interface HelpKV {
  key: string;
  type: string;
  description: string;
  optional: boolean;
  multipleTargets: boolean;
}

/** GET /help-config-kv: a subsystem's keys, or with no subsystem the list of subsystems. */
export interface ConfigHelp {
  subSys: string;
  description: string;
  multipleTargets: boolean;
  keysHelp: HelpKV[];
}

/** One entry of GET /list-config-history-kv. */
export interface ConfigHistoryEntry {
  restoreId: string;
  createTime: GoTime;
  /** The KV text that was set. */
  data: string;
}

/** GET /idp-config/{type}/{name}. */
export interface IdpConfig {
  type: 'openid' | 'ldap';
  name?: string;
  info: { key: string; value: string; isCfg: boolean; isEnv: boolean }[];
}

/** One entry of GET /idp-config/{type}. */
export interface IdpListItem {
  type: string;
  name: string;
  enabled: boolean;
  roleARN?: string;
}
