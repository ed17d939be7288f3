import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { META_FILE, objectDir } from '../../src/engine/fs/layout.js';

export const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** Deterministic, non-repeating bytes (so a misplaced block cannot pass for the right one). */
export function pattern(size: number, seed: number): Buffer {
  const out = Buffer.allocUnsafe(size);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

/** Empties a drive directory as if the disk had been swapped for a blank one. */
export async function wipeDrive(drive: string): Promise<void> {
  for (const entry of await readdir(drive)) await rm(join(drive, entry), { recursive: true, force: true });
}

/**
 * Flips one byte in every 1 MiB region of an object's shard on one drive: in the shard file,
 * or in the inline shard stream of the record.
 */
export async function corruptShard(drive: string, bucket: string, key: string): Promise<void> {
  const dir = objectDir(drive, bucket, key);
  const meta = JSON.parse(await readFile(join(dir, META_FILE), 'utf8')) as {
    inline?: string;
    dataId: string;
  };
  if (meta.inline !== undefined) {
    const bytes = Buffer.from(meta.inline, 'base64');
    bytes[bytes.length - 1]! ^= 0xff;
    meta.inline = bytes.toString('base64');
    await writeFile(join(dir, META_FILE), JSON.stringify(meta));
    return;
  }
  const file = join(dir, meta.dataId);
  const bytes = await readFile(file);
  for (let i = 40; i < bytes.length; i += 1024 * 1024) bytes[i]! ^= 0x5a;
  await writeFile(file, bytes);
}
