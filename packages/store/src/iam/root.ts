import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readJsonFile, writeFileAtomic } from '../engine/fs/atomic.js';
import { SYS_DIR } from '../engine/fs/layout.js';
import { decodeRootCredentials, type RootCredentialRecord } from '../format/credentials.js';
import { newAccessKey, newSecretKey } from './random.js';

export interface RootCredentials {
  accessKey: string;
  secretKey: string;
}

export interface LoadedRootCredentials extends RootCredentials {
  /** Where they came from, so that a CLI can say so (it must never print an env secret). */
  source: 'env' | 'file' | 'generated';
}

export const MIN_ACCESS_KEY = 3;
export const MIN_SECRET_KEY = 8;

function validate(creds: RootCredentials, origin: string): RootCredentials {
  if (creds.accessKey.length < MIN_ACCESS_KEY) {
    throw new Error(
      `${origin}: the root user (access key) must be at least ${MIN_ACCESS_KEY} characters long`,
    );
  }
  if (creds.secretKey.length < MIN_SECRET_KEY) {
    throw new Error(
      `${origin}: the root password (secret key) must be at least ${MIN_SECRET_KEY} characters long`,
    );
  }
  return creds;
}

function fromEnv(
  env: Record<string, string | undefined>,
  prefix: 'STOWAGE' | 'MINIO',
): RootCredentials | undefined {
  // An empty variable counts as unset, as shells make it easy to export one by accident.
  const user = env[`${prefix}_ROOT_USER`] || undefined;
  const password = env[`${prefix}_ROOT_PASSWORD`] || undefined;
  if (user === undefined && password === undefined) return undefined;
  if (user === undefined || password === undefined) {
    throw new Error(`Set both ${prefix}_ROOT_USER and ${prefix}_ROOT_PASSWORD, or neither`);
  }
  return validate({ accessKey: user, secretKey: password }, `${prefix}_ROOT_USER/${prefix}_ROOT_PASSWORD`);
}

/**
 * Root credentials: STOWAGE_ROOT_USER/PASSWORD, else MINIO_ROOT_USER/PASSWORD, else the
 * saved `<dataDir>/.stowage.sys/root.json`, else new random ones saved there (mode 0600).
 */
export async function loadRootCredentials(
  dataDir: string,
  env: Record<string, string | undefined> = process.env,
): Promise<LoadedRootCredentials> {
  const fromVars = fromEnv(env, 'STOWAGE') ?? fromEnv(env, 'MINIO');
  if (fromVars) return { ...fromVars, source: 'env' };

  const file = join(dataDir, SYS_DIR, 'root.json');
  const raw = await readJsonFile(file);
  if (raw !== undefined) {
    const { accessKey, secretKey } = decodeRootCredentials(raw);
    return { ...validate({ accessKey, secretKey }, file), source: 'file' };
  }
  const record: RootCredentialRecord = { v: 1, accessKey: newAccessKey(), secretKey: newSecretKey() };
  await mkdir(join(dataDir, SYS_DIR), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  return { accessKey: record.accessKey, secretKey: record.secretKey, source: 'generated' };
}
