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

const rootFile = (dataDir: string): string => join(dataDir, SYS_DIR, 'root.json');

/** What a drive holds: credentials as stored, none, or a copy that is damaged or unreadable. */
async function readSaved(dataDir: string): Promise<{ raw?: unknown; damaged?: unknown; unreadable?: true }> {
  try {
    return { raw: await readJsonFile(rootFile(dataDir)) };
  } catch (err) {
    return err instanceof SyntaxError ? { damaged: err } : { unreadable: true };
  }
}

/**
 * The saved credentials of the first drive with a good copy. A drive that cannot be read
 * (offline, permissions) or holds a damaged copy is passed over; a damaged copy and no good
 * one is an error, never a reason to make new credentials.
 */
async function savedOn(dataDirs: readonly string[]): Promise<RootCredentialRecord | undefined> {
  let damaged: unknown;
  for (const dir of dataDirs) {
    const read = await readSaved(dir);
    damaged ??= read.damaged;
    if (read.raw === undefined) continue;
    const { accessKey, secretKey } = decodeRootCredentials(read.raw);
    validate({ accessKey, secretKey }, rootFile(dir));
    return { v: 1, accessKey, secretKey };
  }
  if (damaged) throw damaged;
  return undefined;
}

/**
 * Root credentials: STOWAGE_ROOT_USER/PASSWORD, else MINIO_ROOT_USER/PASSWORD, else the
 * saved `<dataDir>/.stowage.sys/root.json`, else new random ones saved there (mode 0600).
 * Given every drive, they are kept on each (the first readable copy wins, and goes to the
 * drives without one): losing a drive must not lose the root account.
 */
export async function loadRootCredentials(
  dataDirs: string | readonly string[],
  env: Record<string, string | undefined> = process.env,
): Promise<LoadedRootCredentials> {
  const fromVars = fromEnv(env, 'STOWAGE') ?? fromEnv(env, 'MINIO');
  if (fromVars) return { ...fromVars, source: 'env' };

  const dirs = typeof dataDirs === 'string' ? [dataDirs] : dataDirs;
  const saved = await savedOn(dirs);
  const record: RootCredentialRecord = saved ?? {
    v: 1,
    accessKey: newAccessKey(),
    secretKey: newSecretKey(),
  };
  const failures: unknown[] = [];
  for (const dir of dirs) {
    const read = await readSaved(dir);
    // Only a drive without a copy gets one (a damaged copy stays for inspection).
    if (read.raw !== undefined || read.damaged !== undefined) continue;
    try {
      await mkdir(join(dir, SYS_DIR), { recursive: true });
      await writeFileAtomic(rootFile(dir), `${JSON.stringify(record)}\n`, { mode: 0o600 });
    } catch (err) {
      failures.push(err);
    }
  }
  // New credentials saved nowhere would be new again at the next start.
  if (!saved && failures.length === dirs.length) throw failures[0];
  return { accessKey: record.accessKey, secretKey: record.secretKey, source: saved ? 'file' : 'generated' };
}
