import { decodeMasterKey, type MasterKey, newMasterKeyRecord } from '../crypto/index.js';
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
