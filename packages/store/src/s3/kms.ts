import { randomBytes, randomUUID } from 'node:crypto';
import { decodeMasterKey, MASTER_KEY_BYTES, type MasterKey } from '../crypto/index.js';
import type { SystemStore } from '../engine/system-store.js';

// The SSE-S3 master key lives in the system namespace: replicated to every drive (mode
// 0600) and read by quorum, so losing a drive does not lose the key to every object.
const PATH = 'kms/master-key.json';

export async function loadMasterKey(system: SystemStore): Promise<MasterKey> {
  const stored = await system.read(PATH);
  if (stored !== undefined) return decodeMasterKey(stored, `system document ${PATH}`);
  const key = randomBytes(MASTER_KEY_BYTES);
  const record = { v: 1, id: randomUUID(), key: key.toString('base64') };
  key.fill(0);
  await system.write(PATH, record);
  return decodeMasterKey(record, `system document ${PATH}`);
}
