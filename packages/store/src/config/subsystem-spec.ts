// The shape of a configuration subsystem and the helpers its table is written with.

/** The default target of a subsystem, as MinIO names it. */
export const DEFAULT_TARGET = '_';

export interface KeySpec {
  key: string;
  default: string;
  /** Must be non-empty while the target is enabled. */
  required?: boolean;
  type: string;
  description: string;
}

export interface Subsystem {
  name: string;
  description: string;
  /** Named targets (`subsys:name`) besides the default one. */
  multi: boolean;
  /** Applied without a restart (set-config-kv answers x-minio-config-applied: true). */
  dynamic: boolean;
  /** Listed by help-config-kv with an empty subsystem (deprecated ones are not). */
  listed: boolean;
  keys: KeySpec[];
}

export const k = (
  key: string,
  def: string,
  type: string,
  description: string,
  required = false,
): KeySpec => ({
  key,
  default: def,
  type,
  description,
  ...(required ? { required } : {}),
});

export const enable = k('enable', 'off', 'on|off', 'enable or disable this target');
export const queueDir = k('queue_dir', '', 'path', 'staging directory for undelivered messages');
export const queueLimit = k('queue_limit', '0', 'number', 'maximum limit for undelivered messages');

export const loggerKeys = (what: string): KeySpec[] => [
  enable,
  k('endpoint', '', 'url', `HTTP(s) endpoint that receives the ${what}`, true),
  k('auth_token', '', 'string', 'opaque string or JWT authorization token'),
  k('client_cert', '', 'path', 'mTLS certificate for the endpoint'),
  k('client_key', '', 'path', 'mTLS key for the endpoint'),
  k('queue_size', '100000', 'number', 'maximum number of entries held in memory'),
];

export const sub = (
  name: string,
  description: string,
  keys: KeySpec[],
  opts: { multi?: boolean; dynamic?: boolean; listed?: boolean } = {},
): Subsystem => ({
  name,
  description,
  multi: opts.multi ?? false,
  dynamic: opts.dynamic ?? false,
  listed: opts.listed ?? true,
  keys,
});

export const notify = (name: string, description: string, keys: KeySpec[]): Subsystem =>
  sub(`notify_${name}`, description, [enable, ...keys], { multi: true });
