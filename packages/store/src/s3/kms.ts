import { decodeMasterKey, type MasterKey, newMasterKeyRecord } from '../crypto/index.js';
import type { SystemStore } from '../engine/system-store.js';

// The SSE-S3 master key lives in the system namespace: replicated to every drive (mode
// 0600) and read by quorum, so losing a drive does not lose the key to every object.
// Loaded once at start (one process owns the drives, so two creators cannot race).
const PATH = 'kms/master-key.json';

export async function loadMasterKey(system: SystemStore): Promise<MasterKey> {
  const stored = await system.read(PATH);
  if (stored !== undefined) return decodeMasterKey(stored, `system document ${PATH}`);
  const record = newMasterKeyRecord();
  await system.write(PATH, record);
  return decodeMasterKey(record, `system document ${PATH}`);
}
