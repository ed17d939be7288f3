import { decodeBase64Strict } from '../crypto/encoding.js';
import { decodeMasterKey, MasterKey, newMasterKeyRecord } from '../crypto/index.js';
import type { SystemStore } from '../engine/system-store.js';
import type { Logger } from '../observe/logger.js';

// The SSE-S3 master key lives in the system namespace: replicated to every drive (mode
// 0600) and read by quorum, so losing a drive does not lose the key to every object.
// Loaded once at start (one process owns the drives, so two creators cannot race).
const PATH = 'kms/master-key.json';

/**
 * The master key: any drive's copy, however few drives kept one (each is the whole key), and
 * written back to every drive. A new key is made only when no drive has one; `hasData`
 * says whether objects may exist that the lost key sealed, which is then logged.
 */
export async function loadMasterKey(
  system: SystemStore,
  opts: { hasData?: boolean; log?: Logger } = {},
): Promise<MasterKey> {
  const stored = await system.readAnyCopy(PATH);
  if (stored !== undefined) {
    const key = decodeMasterKey(stored, `system document ${PATH}`);
    if ((await system.read(PATH).catch(() => undefined)) === undefined) await system.write(PATH, stored);
    return key;
  }
  const record = newMasterKeyRecord();
  await system.write(PATH, record);
  if (opts.hasData)
    opts.log?.error(
      `the SSE-S3 master key (${PATH}) was on no drive; a new one was made, and SSE-S3 objects sealed with the old one cannot be read`,
    );
  return decodeMasterKey(record, `system document ${PATH}`);
}

/**
 * The static KMS key of `<key-name>:<base64 of 32 bytes>` (MinIO's MINIO_KMS_SECRET_KEY
 * form), or none when unset; a malformed one stops the start rather than go unencrypted.
 */
export function kmsKeyFrom(secret: string | undefined): MasterKey | undefined {
  if (secret === undefined || secret === '') return undefined;
  const colon = secret.indexOf(':');
  const name = colon > 0 ? secret.slice(0, colon) : '';
  const key = colon > 0 ? decodeBase64Strict(secret.slice(colon + 1)) : undefined;
  if (name === '' || !/^[A-Za-z0-9._-]+$/.test(name) || key?.length !== 32) {
    throw new Error('the KMS secret key must be <key-name>:<base64 of 32 bytes>');
  }
  try {
    return new MasterKey(name, key);
  } finally {
    key.fill(0);
  }
}
