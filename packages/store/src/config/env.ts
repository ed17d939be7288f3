import type { ServerConfig } from './kv.js';
import { DEFAULT_TARGET } from './subsystem-spec.js';
import { SUBSYSTEMS, type Subsystem } from './subsystems.js';

// MinIO's configuration environment variables (internal/config/config.go): every key of a
// subsystem can be set as MINIO_<SUBSYS>_<KEY> (MINIO_<SUBSYS>_<KEY>_<target> for a named
// target). Read once at start; a value set there wins over the stored one.

/** The non-empty MINIO_* variables of an environment (MinIO treats an empty one as unset). */
export type ConfigEnv = ReadonlyMap<string, string>;

export function configEnvFrom(env: Readonly<Record<string, string | undefined>>): ConfigEnv {
  return new Map(
    Object.entries(env).filter((e): e is [string, string] => e[0].startsWith('MINIO_') && !!e[1]),
  );
}

/** The keys a variable may name: the subsystem's own, and the comment every target has. */
const envKeys = (sub: Subsystem): string[] => [...sub.keys.map((k) => k.key), 'comment'];

/** MinIO's getEnvVarName: the target is appended as it is written (not upper-cased). */
export function envVarName(sub: Subsystem, target: string, key: string): string {
  const name = `MINIO_${sub.name.toUpperCase()}_${key.toUpperCase()}`;
  return target === DEFAULT_TARGET ? name : `${name}_${target}`;
}

/**
 * Named targets the environment defines for a multi-target subsystem (GetAvailableTargets):
 * what follows the longest `MINIO_<SUBSYS>_<KEY>_` a variable starts with.
 */
export function envTargets(sub: Subsystem, env: ConfigEnv): string[] {
  if (!sub.multi) return [];
  const prefixes = envKeys(sub)
    .map((key) => `${envVarName(sub, DEFAULT_TARGET, key)}_`)
    .sort((a, b) => b.length - a.length);
  const targets = new Set<string>();
  for (const name of env.keys()) {
    const prefix = prefixes.find((p) => name.startsWith(p) && name.length > p.length);
    if (prefix) targets.add(name.slice(prefix.length));
  }
  return [...targets];
}

/** A target's keys the environment sets, in the subsystem's order, comment last. */
export function envOverrides(
  sub: Subsystem,
  target: string,
  env: ConfigEnv,
): { key: string; name: string; value: string }[] {
  return envKeys(sub).flatMap((key) => {
    const name = envVarName(sub, target, key);
    const value = env.get(name);
    return value === undefined ? [] : [{ key, name, value }];
  });
}

/** The configuration the server runs with: every value the environment sets over the stored one. */
export function withEnv(config: ServerConfig, env: ConfigEnv): ServerConfig {
  if (env.size === 0) return config;
  const out: ServerConfig = structuredClone(config);
  for (const sub of SUBSYSTEMS) {
    const targets = new Set([
      DEFAULT_TARGET,
      ...Object.keys(config[sub.name] ?? {}),
      ...envTargets(sub, env),
    ]);
    for (const target of targets) {
      const overrides = envOverrides(sub, target, env);
      if (overrides.length === 0) continue;
      out[sub.name] ??= {};
      out[sub.name]![target] = {
        ...out[sub.name]![target],
        ...Object.fromEntries(overrides.map((o) => [o.key, o.value])),
      };
    }
  }
  return out;
}
