import type { V1EnvVar } from '@kubernetes/client-node';
import type { Secret, Tenant } from './kube-types.js';

// A tenant's configuration: the `config.env` file in its configuration secret (lines of
// `export KEY="value"`, which the MinIO container sources), merged with the legacy places.

/** Double-quoted shell text: the four characters the shell still interprets are escaped. */
function quote(value: string): string {
  return `"${value.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;
}

/** `config.env` text, one `export K="v"` line per entry, in the given order. */
export function formatConfigEnv(entries: Iterable<[string, string]>): string {
  let text = '';
  for (const [key, value] of entries) text += `export ${key}=${quote(value)}\n`;
  return text;
}

const EXPORT_LINE = /^\s*export\s+([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;

/**
 * The `export K="v"` lines of a config.env, unquoted. Values may hold `=` (LDAP filters do): only
 * the first one separates the key. Lines of any other form are ignored, as the console did.
 */
export function parseConfigEnv(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = EXPORT_LINE.exec(line);
    if (!match) continue;
    const [, key = '', raw = ''] = match;
    const value = raw.trim();
    entries.set(
      key,
      value.startsWith('"') && value.endsWith('"') && value.length >= 2
        ? value.slice(1, -1).replace(/\\([\\"$`])/g, '$1')
        : value.startsWith("'") && value.endsWith("'") && value.length >= 2
          ? value.slice(1, -1)
          : value,
    );
  }
  return entries;
}

function decoded(secret: Secret | undefined, key: string): string | undefined {
  const data = secret?.data?.[key];
  return data === undefined ? undefined : Buffer.from(data, 'base64').toString('utf8');
}

/**
 * The tenant's effective settings (operator.md §1.4): `spec.env` first, then the legacy creds
 * secret's keys, then the configuration secret's config.env; later sources win. The root keys are
 * also exposed as `accesskey`/`secretkey`, under whichever name the tenant set them.
 */
export function tenantConfiguration(
  tenant: Tenant,
  secrets: { creds?: Secret; configuration?: Secret } = {},
): Map<string, string> {
  const config = new Map<string, string>();
  for (const env of tenant.spec.env ?? ([] as V1EnvVar[]))
    if (env.value !== undefined) config.set(env.name, env.value);
  for (const key of Object.keys(secrets.creds?.data ?? {}))
    config.set(key, decoded(secrets.creds, key) ?? '');
  const file = decoded(secrets.configuration, 'config.env');
  if (file !== undefined) for (const [key, value] of parseConfigEnv(file)) config.set(key, value);
  const accessKey = config.get('MINIO_ROOT_USER') || config.get('MINIO_ACCESS_KEY');
  const secretKey = config.get('MINIO_ROOT_PASSWORD') || config.get('MINIO_SECRET_KEY');
  if (accessKey) config.set('accesskey', accessKey);
  if (secretKey) config.set('secretkey', secretKey);
  return config;
}
