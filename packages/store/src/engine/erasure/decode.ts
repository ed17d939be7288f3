import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import type { ErasureInfo } from '../../format/object-meta.js';
import { HASH_LEN, quorumError } from './params.js';
import { ReedSolomon } from './reed-solomon.js';

/** One drive's shard stream: an open file or the inline bytes of its record. */
export type ShardSource = { drive: number; fh?: FileHandle; inline?: Buffer };

export interface DecodeOptions {
  /** sources[i] holds shard i (undefined: missing). */
  sources: (ShardSource | undefined)[];
  layout: Pick<ErasureInfo, 'data' | 'parity' | 'blockSize' | 'bitrot'>;
  size: number;
  /** Inclusive byte range; default the whole object. */
  start?: number;
  end?: number;
  /** Called once per drive whose shard is missing or fails its checksum. */
  onBad?: (drive: number) => void;
  /** Read and check every shard of every block (heal), not just enough to decode. */
  verifyAll?: boolean;
}

async function readAt(src: ShardSource, offset: number, len: number): Promise<Buffer | undefined> {
  if (src.inline) {
    return offset + len <= src.inline.length ? src.inline.subarray(offset, offset + len) : undefined;
  }
  const buf = Buffer.allocUnsafe(len);
  let got = 0;
  while (got < len) {
    const { bytesRead } = await src.fh!.read(buf, got, len - got, offset + got);
    if (bytesRead === 0) return undefined;
    got += bytesRead;
  }
  return buf;
}

/**
 * Yields the object's bytes in [start, end], block by block, reading `data` shards per
 * block (data shards first, so a healthy object needs no decoding) and verifying each
 * shard's checksum; missing or corrupt shards are replaced by others and rebuilt.
 */
export async function* decodeObject(o: DecodeOptions): AsyncGenerator<Buffer> {
  const { data, parity, blockSize, bitrot } = o.layout;
  const total = data + parity;
  const rs: ReedSolomon = new ReedSolomon(data, parity);
  const hashLen = bitrot === 'sha256' ? HASH_LEN : 0;
  const fullShard = Math.ceil(blockSize / data);
  const start = o.start ?? 0;
  const end = o.end ?? o.size - 1;
  const live = o.sources.slice();
  const bad = (i: number) => {
    const src = live[i];
    live[i] = undefined;
    if (src) o.onBad?.(src.drive);
  };
  for (let i = 0; i < total; i++) if (!live[i]) o.onBad?.(i);

  const readShard = async (i: number, b: number, shardLen: number): Promise<Uint8Array | undefined> => {
    const src = live[i];
    if (!src) return undefined;
    let buf: Buffer | undefined;
    try {
      buf = await readAt(src, b * (hashLen + fullShard), hashLen + shardLen);
    } catch {
      buf = undefined;
    }
    const shard = buf?.subarray(hashLen);
    if (
      !buf ||
      !shard ||
      (hashLen > 0 && !createHash('sha256').update(shard).digest().equals(buf.subarray(0, hashLen)))
    ) {
      bad(i);
      return undefined;
    }
    return shard;
  };

  for (let b = Math.floor(start / blockSize); b * blockSize <= end; b++) {
    const blockStart = b * blockSize;
    const blockLen = Math.min(blockSize, o.size - blockStart);
    const shardLen = Math.ceil(blockLen / data);
    const shards: (Uint8Array | undefined)[] = new Array(total).fill(undefined);
    // Ask for `data` shards at a time; each failure brings in the next candidate.
    let next = 0;
    let good = 0;
    while (good < data || (o.verifyAll && next < total)) {
      const want = o.verifyAll ? total - next : data - good;
      const batch: number[] = [];
      while (batch.length < want && next < total) batch.push(next++);
      if (batch.length === 0) throw quorumError('read');
      const got = await Promise.all(batch.map((i) => readShard(i, b, shardLen)));
      batch.forEach((i, k) => {
        shards[i] = got[k];
        if (got[k]) good++;
      });
    }
    if (good < data) throw quorumError('read');
    if (!shards.slice(0, data).every((x) => x !== undefined)) rs.reconstruct(shards, shardLen);
    // The wanted part of the block, straight from the data shards (no copy into one buffer).
    const from = Math.max(start - blockStart, 0);
    const to = Math.min(end - blockStart + 1, blockLen);
    for (let i = 0; i < data; i++) {
      const at = i * shardLen;
      const a = Math.max(from, at);
      const z = Math.min(to, at + shardLen);
      const s = shards[i]!;
      if (a < z) yield Buffer.from(s.buffer, s.byteOffset + a - at, z - a);
    }
  }
}
