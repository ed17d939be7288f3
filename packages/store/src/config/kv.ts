import type { ServerConfig } from '../format/server-config.js';
import { configDuration } from './duration.js';
import { type ConfigEnv, envOverrides, envTargets } from './env.js';
import { checkNotifyTarget } from './notify-validate.js';
import { DEFAULT_TARGET } from './subsystem-spec.js';
import { SUBSYSTEMS, type Subsystem, subsystem } from './subsystems.js';

export { DEFAULT_TARGET };

// MinIO's configuration KV text (madmin-protocol.md §6.1–6.3), pure: parsing what
// set-config-kv and del-config-kv send, applying it with MinIO's rules, and printing what
// get-config-kv and get-config answer.

// The stored shape is the on-disk format's (format/server-config.ts).
export type { ServerConfig };

const TARGET_NAME = /^[A-Za-z0-9_-]+$/;

export class ConfigError extends Error {
  constructor(
    message: string,
    /** 'notFound' when the thing to delete or read does not exist. */
    readonly kind: 'invalid' | 'notFound' = 'invalid',
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

export interface KvLine {
  sub: Subsystem;
  target: string;
  values: Record<string, string>;
}

/** `subsys[:target]` → the subsystem and target ('_' for none). */
export function parseKey(text: string, allowEmptyTarget = false): { sub: Subsystem; target: string } {
  const [name = '', target, ...rest] = text.split(':');
  const sub = subsystem(name);
  if (!sub) throw new ConfigError(`unknown sub-system ${name}`);
  if (rest.length > 0) throw new ConfigError(`invalid target name ${text}`);
  if (target === undefined || (target === '' && allowEmptyTarget)) return { sub, target: DEFAULT_TARGET };
  if (!sub.multi) throw new ConfigError(`sub-system '${name}' does not support multiple targets`);
  if (!TARGET_NAME.test(target)) throw new ConfigError(`invalid target name '${target}'`);
  return { sub, target };
}

function unquote(value: string): string {
  let v = value.trim();
  for (const q of ['"', "'"]) {
    if (v.startsWith(q)) v = v.slice(1);
    if (v.endsWith(q)) v = v.slice(0, -1);
  }
  return v;
}

/** One `subsys[:target] key=value …` line: fields cut where a known `key=` starts. */
export function parseLine(line: string): KvLine {
  const space = line.indexOf(' ');
  const head = space < 0 ? line : line.slice(0, space);
  const rest = space < 0 ? '' : line.slice(space + 1);
  const { sub, target } = parseKey(head);
  const known = [...sub.keys.map((k) => k.key), 'comment'];
  const starts: { at: number; key: string }[] = [];
  for (const key of known) {
    const re = new RegExp(`(^|\\s)${key}=`, 'g');
    for (let m = re.exec(rest); m; m = re.exec(rest)) starts.push({ at: m.index + m[1]!.length, key });
  }
  starts.sort((a, b) => a.at - b.at);
  if (rest.trim() !== '' && (starts.length === 0 || rest.slice(0, starts[0]!.at).trim() !== ''))
    throw new ConfigError(`invalid config value '${rest.trim().split(/\s/)[0]}' for ${sub.name}`);
  const values: Record<string, string> = {};
  starts.forEach((s, i) => {
    const end = i + 1 < starts.length ? starts[i + 1]!.at : rest.length;
    values[s.key] = unquote(rest.slice(s.at + s.key.length + 1, end));
  });
  return { sub, target, values };
}

/** The lines of a text; blank lines and comments are skipped. */
export function parseText(text: string): KvLine[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map(parseLine);
}

export function defaults(sub: Subsystem): Record<string, string> {
  return Object.fromEntries(sub.keys.map((k) => [k.key, k.default]));
}

/** A target's full values: the defaults, overlaid by what is stored. */
export function effective(config: ServerConfig, sub: Subsystem, target: string): Record<string, string> {
  return { ...defaults(sub), ...config[sub.name]?.[target] };
}

/**
 * Whether a target is in use: `enable=on`; not with `enable=off`; otherwise (no enable key,
 * or an empty one) when it has no required keys or any of them is set.
 */
export function isEnabled(sub: Subsystem, values: Record<string, string>): boolean {
  if (values.enable === 'on') return true;
  if (values.enable === 'off') return false;
  const required = sub.keys.filter((k) => k.required);
  return required.length === 0 || required.some((k) => (values[k.key] ?? '') !== '');
}

const SITE_NAME = /^[a-z][a-z0-9-]+$/;
const REGION = /^[a-zA-Z][a-zA-Z0-9-_-]+$/;

/** subnet proxy: an http or https URL with a host (MinIO's ParseHTTPURL). */
function checkProxy(proxy: string): void {
  let url: URL;
  try {
    url = new URL(proxy);
  } catch {
    throw new ConfigError(`invalid proxy URL '${proxy}' for 'subnet' sub-system`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`unexpected scheme found ${url.protocol.slice(0, -1)}`);
  if (url.host === '') throw new ConfigError(`empty host in proxy URL '${proxy}'`);
}

function validate(sub: Subsystem, values: Record<string, string>): void {
  for (const spec of sub.keys) {
    const v = values[spec.key] ?? '';
    if (v === '') continue;
    if (spec.type === 'on|off' && v !== 'on' && v !== 'off')
      throw new ConfigError(`'${spec.key}' must be 'on' or 'off' for '${sub.name}' sub-system`);
    if ((spec.type === 'number' || spec.type === 'int') && !/^\d+$/.test(v))
      throw new ConfigError(`'${spec.key}' must be a whole number for '${sub.name}' sub-system`);
    // A type of words ("strict|optimal") takes those; notify formats ("namespace*|access")
    // are checked with MinIO's own messages (notify-validate.ts).
    const words = spec.type.split('|');
    if (words.length > 1 && spec.type !== 'on|off' && !spec.type.includes('*') && !words.includes(v))
      throw new ConfigError(`'${spec.key}' must be one of ${words.join(', ')} for '${sub.name}' sub-system`);
    if (spec.type === 'float' && !/^\d+(\.\d+)?$/.test(v))
      throw new ConfigError(`'${spec.key}' must be a number for '${sub.name}' sub-system`);
    if (spec.type === 'duration' && configDuration(v) === undefined)
      throw new ConfigError(
        `'${spec.key}' must be a duration such as 24h or 90s for '${sub.name}' sub-system`,
      );
  }
  if (sub.name === 'site' && values.name && !SITE_NAME.test(values.name))
    throw new ConfigError('site name must match ^[a-z][a-z0-9-]+$');
  if ((sub.name === 'site' || sub.name === 'region') && values[sub.name === 'site' ? 'region' : 'name']) {
    const region = values[sub.name === 'site' ? 'region' : 'name']!;
    if (!REGION.test(region)) throw new ConfigError(`region '${region}' is invalid`);
  }
  if (sub.name === 'subnet' && values.proxy) checkProxy(values.proxy);
  if (!isEnabled(sub, values)) return;
  for (const spec of sub.keys)
    if (spec.required && (values[spec.key] ?? '') === '')
      throw new ConfigError(`'${spec.key}' is not optional for '${sub.name}' sub-system`);
  try {
    checkNotifyTarget(sub.name, values);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
}

/** Applies lines in order (keys not given keep their values; enable=on is implied). */
export function applyLines(config: ServerConfig, lines: readonly KvLine[]): ServerConfig {
  const next: ServerConfig = structuredClone(config);
  for (const { sub, target, values } of lines) {
    const given = { ...values };
    if (sub.keys.some((k) => k.key === 'enable') && given.enable === undefined) given.enable = 'on';
    const merged = { ...effective(next, sub, target), ...given };
    validate(sub, merged);
    next[sub.name] ??= {};
    next[sub.name]![target] = { ...next[sub.name]![target], ...given };
  }
  return next;
}

/** del-config-kv: `subsys[:target]` removes the target; with keys, resets only those. */
export function deleteKeys(config: ServerConfig, text: string): { config: ServerConfig; sub: Subsystem } {
  const [head = '', ...keys] = text.trim().split(/\s+/);
  const { sub, target } = parseKey(head);
  const next: ServerConfig = structuredClone(config);
  const stored = next[sub.name]?.[target];
  if (!stored) {
    if (target === DEFAULT_TARGET && keys.length > 0) return { config: next, sub };
    throw new ConfigError(`target '${head}' not found`, 'notFound');
  }
  if (keys.length === 0) delete next[sub.name]![target];
  else
    for (const key of keys) {
      if (!sub.keys.some((k) => k.key === key) && key !== 'comment')
        throw new ConfigError(`unknown key '${key}' for '${sub.name}' sub-system`);
      delete stored[key];
    }
  return { config: next, sub };
}

const quoted = (v: string) => (/\s/.test(v) ? `"${v}"` : v);

/** One printed line: keys in their order, comment last, `enable=on` left out. */
export function renderLine(config: ServerConfig, sub: Subsystem, target: string): string {
  const values = effective(config, sub, target);
  let out = target === DEFAULT_TARGET ? sub.name : `${sub.name}:${target}`;
  out += ' ';
  for (const spec of sub.keys) {
    if (spec.key === 'enable' && values.enable === 'on') continue;
    out += `${spec.key}=${quoted(values[spec.key] ?? '')} `;
  }
  const comment = config[sub.name]?.[target]?.comment;
  if (comment) out += `comment=${quoted(comment)} `;
  return out;
}

const NO_ENV: ConfigEnv = new Map();

/** Named targets, stored or set in the environment, sorted (the default one is not among them). */
const namedTargets = (config: ServerConfig, sub: Subsystem, env: ConfigEnv = NO_ENV) =>
  [...new Set([...Object.keys(config[sub.name] ?? {}), ...envTargets(sub, env)])]
    .filter((t) => t !== DEFAULT_TARGET)
    .sort();

/**
 * A target as MinIO writes it (SubsysInfo.WriteTo): a `# MINIO_…=value` line for every key
 * the environment sets, then the stored line, commented out when `off`.
 */
function renderTarget(config: ServerConfig, sub: Subsystem, target: string, env: ConfigEnv, off = false) {
  const envLines = envOverrides(sub, target, env).map(({ name, value }) => `# ${name}=${value}\n`);
  return `${envLines.join('')}${off ? '# ' : ''}${renderLine(config, sub, target)}`;
}

/**
 * get-config-kv: `subsys` (every target), `subsys:` (default) or `subsys:name`. `config` is
 * the stored configuration; what `env` sets is shown above each target's line.
 */
export function getKV(config: ServerConfig, key: string, env: ConfigEnv = NO_ENV): string {
  const all = !key.includes(':');
  const { sub, target } = parseKey(key, true);
  if (!all && target !== DEFAULT_TARGET && !namedTargets(config, sub, env).includes(target))
    throw new ConfigError(`target '${key}' not found`);
  const targets = all ? [DEFAULT_TARGET, ...namedTargets(config, sub, env)] : [target];
  return `${targets.map((t) => renderTarget(config, sub, t, env)).join('\n')}\n`;
}

/** get-config: every subsystem and target; disabled ones (by what is stored, as MinIO) commented out. */
export function exportAll(config: ServerConfig, env: ConfigEnv = NO_ENV): string {
  const lines: string[] = [];
  for (const sub of SUBSYSTEMS) {
    if (!sub.listed) continue;
    for (const target of [DEFAULT_TARGET, ...namedTargets(config, sub, env)]) {
      const off = !isEnabled(sub, effective(config, sub, target));
      lines.push(renderTarget(config, sub, target, env, off));
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Keys whose values hold a secret or may carry one (a URL with a password in it): MinIO's
 * "sensitive" keys. Health info carries the configuration with these redacted.
 */
export const SENSITIVE_KEYS: ReadonlySet<string> = new Set([
  'auth_token',
  'client_secret',
  'lookup_bind_password',
  'password',
  'token',
  'sasl_password',
  'connection_string',
  'dsn_string',
  'url',
  // subnet: the licence, its API key and the proxy (which may carry a password).
  'license',
  'api_key',
  'proxy',
]);

/** MinIO's KV, as health info lists a target's keys. */
export interface KeyValue {
  key: string;
  value: string;
}

/**
 * Every subsystem's targets with their full values, as MinIO's health info carries the
 * server configuration: `{subsys: {target: [{key, value}]}}`, secrets replaced.
 */
export function redactedConfig(config: ServerConfig): Record<string, Record<string, KeyValue[]>> {
  const out: Record<string, Record<string, KeyValue[]>> = {};
  for (const sub of SUBSYSTEMS) {
    if (!sub.listed) continue;
    const targets: Record<string, KeyValue[]> = {};
    for (const target of [DEFAULT_TARGET, ...namedTargets(config, sub)]) {
      const values = effective(config, sub, target);
      targets[target] = sub.keys.map(({ key }) => {
        const value = values[key] ?? '';
        return { key, value: value !== '' && SENSITIVE_KEYS.has(key) ? '*redacted*' : value };
      });
    }
    out[sub.name] = targets;
  }
  return out;
}
