import type { ConfigKeyValue, Configuration, SetConfigRequest } from '@stowage/contract';
import { formatConfigLine, type MadminClient, parseConfigText } from '@stowage/madmin';
import { storageCall } from '../clients/errors.js';
import { ApiError } from '../http/errors.js';

// Configuration sub-systems over get/set-config-kv. Secrets stay on the server: the browser
// sees that one is set, never its value, and saving a blank secret keeps the stored one.

/** Keys that hold secrets in MinIO's sub-systems (passwords, tokens, private keys, DSNs). */
const SECRET_KEY = /password|secret|token|connection_string|dsn_string|_key$/;

const isSecretKey = (key: string): boolean => SECRET_KEY.test(key);

function splitId(configId: string): { subSys: string; target: string } {
  const [subSys, target = ''] = configId.split(':', 2) as [string, string?];
  return { subSys, target };
}

type ConfigLine = ReturnType<typeof parseConfigText>[number];

/** One target as the browser sees it: secrets blanked (flagged `redacted` when set). */
function toConfiguration(name: string, line: ConfigLine): Configuration {
  const keyValues = line.kvs.map(({ key, value }): ConfigKeyValue => {
    const env = line.env[key];
    const shown = env ?? value;
    const kv: ConfigKeyValue = { key, value: isSecretKey(key) ? '' : shown };
    if (isSecretKey(key) && shown !== '') kv.redacted = true;
    if (env !== undefined) kv.fromEnv = true;
    return kv;
  });
  return { name, key_values: keyValues };
}

export async function getConfig(admin: MadminClient, configId: string): Promise<Configuration> {
  const { subSys, target } = splitId(configId);
  // `subsys:` asks for the default target alone; `subsys` would list every target.
  const text = await storageCall(admin.config.getKV(`${subSys}:${target}`));
  const line = parseConfigText(text).find((t) => t.subSys === subSys && t.target === target);
  if (!line) throw new ApiError('notFound', `no configuration ${configId}`);
  return toConfiguration(configId, line);
}

/** Every target of a multi-target sub-system (the default one is named `subsys`). */
export async function listConfigTargets(
  admin: MadminClient,
  subSys: string,
): Promise<{ items: Configuration[] }> {
  const text = await storageCall(admin.config.getKV(subSys));
  const items = parseConfigText(text)
    .filter((line) => line.subSys === subSys)
    .map((line) => toConfiguration(line.target ? `${subSys}:${line.target}` : subSys, line));
  return { items };
}

export async function setConfig(
  admin: MadminClient,
  configId: string,
  body: SetConfigRequest,
): Promise<{ restart: boolean }> {
  const kvs = body.key_values.filter((kv) => !(isSecretKey(kv.key) && kv.value === ''));
  // Nothing to change; an empty line would also switch a target on (enable=on is implied).
  if (kvs.length === 0) return { restart: false };
  return storageCall(admin.config.setKV(formatConfigLine(configId, kvs)));
}

/** Restarts the storage server, then waits (up to a minute) until it answers again. */
export async function restartServer(admin: MadminClient, timeoutMs = 60_000): Promise<void> {
  await storageCall(admin.serviceRestart());
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    try {
      await admin.serverInfo({ signal: AbortSignal.timeout(5000) });
      return;
    } catch (err) {
      lastError = err;
    }
  }
  throw new ApiError(
    'backendUnreachable',
    String(lastError),
    'the storage server did not come back after the restart',
  );
}
