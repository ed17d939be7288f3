// The config KV text of get-config-kv / set-config-kv (madmin-protocol.md §6), read the way
// madmin-go's ParseServerConfigOutput reads it and written the way the server parses it.

export interface ConfigKV {
  key: string;
  value: string;
}

/** One line of config text: a subsystem's target and its values, with env overrides. */
export interface ConfigTarget {
  subSys: string;
  /** '' for the default target. */
  target: string;
  kvs: ConfigKV[];
  /** Keys whose value comes from an environment variable (it wins over the stored one). */
  env: Record<string, string>;
}

const ENV_LINE = /^#\s*MINIO_([A-Z0-9_]+)=(.*)$/;

/** `key=value` pairs, values either double-quoted or up to the next space. */
function parsePairs(rest: string): ConfigKV[] {
  const kvs: ConfigKV[] = [];
  let i = 0;
  while (i < rest.length) {
    while (rest[i] === ' ') i++;
    if (i >= rest.length) break;
    const eq = rest.indexOf('=', i);
    if (eq < 0) break;
    const key = rest.slice(i, eq);
    let value: string;
    if (rest[eq + 1] === '"') {
      const close = rest.indexOf('"', eq + 2);
      const end = close < 0 ? rest.length : close;
      value = rest.slice(eq + 2, end);
      i = end + 1;
    } else {
      const space = rest.indexOf(' ', eq + 1);
      const end = space < 0 ? rest.length : space;
      value = rest.slice(eq + 1, end);
      i = end;
    }
    kvs.push({ key, value });
  }
  return kvs;
}

/** Parses config text: one entry per config line; `# MINIO_…` lines apply to the next line. */
export function parseConfigText(text: string): ConfigTarget[] {
  const out: ConfigTarget[] = [];
  let pendingEnv: [string, string][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const env = ENV_LINE.exec(line);
      if (env) pendingEnv.push([env[1]!, env[2]!]);
      continue;
    }
    const space = line.indexOf(' ');
    const head = space < 0 ? line : line.slice(0, space);
    const [subSys, target = ''] = head.split(':', 2) as [string, string?];
    const envPrefix = `${subSys.toUpperCase()}_`;
    const envSuffix = target ? `_${target.toUpperCase()}` : '';
    const env: Record<string, string> = {};
    for (const [name, value] of pendingEnv) {
      if (!name.startsWith(envPrefix)) continue;
      let key = name.slice(envPrefix.length);
      if (envSuffix && key.endsWith(envSuffix)) key = key.slice(0, -envSuffix.length);
      env[key.toLowerCase()] = value;
    }
    pendingEnv = [];
    out.push({ subSys, target, kvs: space < 0 ? [] : parsePairs(line.slice(space + 1)), env });
  }
  return out;
}

/** A value the server's parser reads back unchanged: no quote, no line break. */
export function isWritableConfigValue(value: string): boolean {
  return !/["\r\n]/.test(value);
}

/** One set-config-kv line; values with whitespace are quoted, as the server prints them. */
export function formatConfigLine(subSysTarget: string, kvs: readonly ConfigKV[]): string {
  const pairs = kvs.map(({ key, value }) => {
    if (!isWritableConfigValue(value))
      throw new Error(`config value of ${key} cannot hold quotes or line breaks`);
    return /\s/.test(value) ? `${key}="${value}"` : `${key}=${value}`;
  });
  return [subSysTarget, ...pairs].join(' ');
}
