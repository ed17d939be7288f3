import type { Bitrot, DataLayout } from '../../../format/object-record.js';
import { giveBack, giveBackLoan, lend, takeBuffer } from '../../buffer-pool.js';
import type { ReadOnlyFile } from '../../fs/os.js';
import { checksumLength, shardChecksum } from '../codec/bitrot.js';
import { codec, type ReedSolomon } from '../codec/reed-solomon.js';
import { quorumError } from '../params.js';

/**
 * One drive's shard stream: the inline bytes of its record, or a file, open or opened on
 * first read (`open`; undefined when it cannot be).
 */
export type ShardSource = {
  drive: number;
  fh?: ReadOnlyFile;
  inline?: Buffer;
  open?: () => Promise<ReadOnlyFile | undefined>;
};

/** Why a shard is not used: no drive offered it, it could not be read, or it fails its checksum. */
export type ShardFault = 'missing' | 'unreadable' | 'corrupt';

export interface DecodeOptions {
  /** sources[i] holds shard i (undefined: missing). */
  sources: (ShardSource | undefined)[];
  layout: Pick<DataLayout, 'data' | 'parity' | 'blockSize' | 'bitrot'>;
  size: number;
  /** Inclusive byte range; default the whole object. */
  start?: number;
  end?: number;
  /**
   * Called once per drive whose shard fails (unreadable, or not its checksum), and once per
   * shard no drive offered (undefined: the caller knows which drives lack the version).
   */
  onBad?: (drive: number | undefined, fault: ShardFault) => void;
  /** Read and check every shard of every block (heal), not just enough to decode. */
  verifyAll?: boolean;
}

function inlineAt(src: ShardSource, offset: number, len: number): Buffer | undefined {
  return offset + len <= src.inline!.length ? src.inline!.subarray(offset, offset + len) : undefined;
}

/** The source's file, opened now if it was left for its first read. */
export async function fileOf(src: ShardSource): Promise<ReadOnlyFile | undefined> {
  if (!src.fh && src.open) {
    src.fh = await src.open();
    src.open = undefined;
  }
  return src.fh;
}

async function readAt(src: ShardSource, offset: number, len: number): Promise<Buffer | undefined> {
  if (src.inline) return inlineAt(src, offset, len);
  const fh = await fileOf(src);
  if (!fh) return undefined;
  const buf = Buffer.allocUnsafe(len);
  let got = 0;
  while (got < len) {
    const { bytesRead } = await fh.read(buf, got, len - got, offset + got);
    if (bytesRead === 0) return undefined;
    got += bytesRead;
  }
  return buf;
}

/** Per-object decoding state: the shards still trusted, and how blocks are laid out. */
class Decoder {
  readonly data: number;
  readonly total: number;
  readonly rs: ReedSolomon;
  readonly hashLen: number;
  private readonly bitrot: Bitrot;
  readonly fullShard: number;
  readonly start: number;
  readonly end: number;
  private readonly live: (ShardSource | undefined)[];

  constructor(private readonly o: DecodeOptions) {
    const { data, parity, blockSize, bitrot } = o.layout;
    this.data = data;
    this.total = data + parity;
    this.rs = codec(data, parity);
    this.bitrot = bitrot;
    this.hashLen = checksumLength(bitrot);
    this.fullShard = Math.ceil(blockSize / data);
    this.start = o.start ?? 0;
    this.end = o.end ?? o.size - 1;
    this.live = o.sources.slice();
    for (let i = 0; i < this.total; i++) if (!this.live[i]) o.onBad?.(undefined, 'missing');
  }

  get blockSize(): number {
    return this.o.layout.blockSize;
  }

  get verifyAll(): boolean {
    return this.o.verifyAll === true;
  }

  source(i: number): ShardSource | undefined {
    return this.live[i];
  }

  /** Whether a shard's bytes match the checksum read before them. */
  sound(sum: Uint8Array, shard: Uint8Array): boolean {
    return this.hashLen === 0 || shardChecksum(this.bitrot, shard).equals(sum);
  }

  /** The shard's bytes when they pass their checksum; else the drive is reported and dropped. */
  check(i: number, buf: Buffer | undefined): Uint8Array | undefined {
    const shard = buf?.subarray(this.hashLen);
    if (buf && shard && this.sound(buf.subarray(0, this.hashLen), shard)) return shard;
    const src = this.live[i];
    this.live[i] = undefined;
    if (src) this.o.onBad?.(src.drive, buf ? 'corrupt' : 'unreadable');
    return undefined;
  }

  /** The blocks the range touches: where their shards sit, and room for the shards read. */
  *blocks(): Generator<{
    b: number;
    blockLen: number;
    offset: number;
    len: number;
    shards: (Uint8Array | undefined)[];
  }> {
    for (let b = Math.floor(this.start / this.blockSize); b * this.blockSize <= this.end; b++) {
      const blockLen = Math.min(this.blockSize, this.o.size - b * this.blockSize);
      const shardLen = Math.ceil(blockLen / this.data);
      yield {
        b,
        blockLen,
        offset: b * (this.hashLen + this.fullShard),
        len: this.hashLen + shardLen,
        shards: new Array(this.total).fill(undefined),
      };
    }
  }

  /** The wanted bytes of a decoded block, as views of its data shards. */
  *slices(b: number, blockLen: number, shards: (Uint8Array | undefined)[]): Generator<Buffer> {
    if (shards.filter((x) => x !== undefined).length < this.data) throw quorumError('read');
    const shardLen = Math.ceil(blockLen / this.data);
    if (!shards.slice(0, this.data).every((x) => x !== undefined)) this.rs.reconstruct(shards, shardLen);
    const blockStart = b * this.blockSize;
    const from = Math.max(this.start - blockStart, 0);
    const to = Math.min(this.end - blockStart + 1, blockLen);
    for (let i = 0; i < this.data; i++) {
      const at = i * shardLen;
      const a = Math.max(from, at);
      const z = Math.min(to, at + shardLen);
      const s = shards[i]!;
      if (a < z) yield Buffer.from(s.buffer, s.byteOffset + a - at, z - a);
    }
  }
}

/**
 * The shards to read for one block, a batch at a time: `data` of them (data shards first),
 * then one more for each that failed; every one when verifying all. Reads `shards` to see
 * how the last batch went.
 */
function* shardPlan(d: Decoder, shards: (Uint8Array | undefined)[]): Generator<number[]> {
  let next = 0;
  const good = () => shards.filter((s) => s !== undefined).length;
  while (good() < d.data || (d.verifyAll && next < d.total)) {
    const want = d.verifyAll ? d.total - next : d.data - good();
    const batch: number[] = [];
    while (batch.length < want && next < d.total) batch.push(next++);
    if (batch.length === 0) throw quorumError('read');
    yield batch;
  }
}

/**
 * A block read straight from its data shard files into one buffer, each shard checked
 * against its checksum: the bytes of the block that [start, end] wants. Undefined when a
 * shard is not a file, a read comes short or a checksum fails (the caller then reads the
 * block shard by shard, rebuilds it and reports the drive).
 */
async function dataBlock(
  d: Decoder,
  b: number,
  blockLen: number,
  offset: number,
): Promise<Buffer | undefined> {
  const shardLen = Math.ceil(blockLen / d.data);
  // Every block of the object takes a buffer of the full block's size, so that they pool.
  const buffer = takeBuffer(d.fullShard * d.data);
  const out = Buffer.from(buffer, 0, shardLen * d.data);
  const sums = Buffer.allocUnsafe(d.hashLen * d.data);
  const sound = await Promise.all(
    Array.from({ length: d.data }, async (_, i) => {
      const src = d.source(i);
      if (!src || src.inline) return false;
      const fh = await fileOf(src).catch(() => undefined);
      if (!fh) return false;
      const sum = sums.subarray(i * d.hashLen, (i + 1) * d.hashLen);
      const shard = out.subarray(i * shardLen, (i + 1) * shardLen);
      try {
        const { bytesRead } = await fh.readv([sum, shard], offset);
        return bytesRead === sum.length + shard.length && d.sound(sum, shard);
      } catch {
        return false;
      }
    }),
  );
  if (!sound.every(Boolean)) {
    giveBack(buffer);
    return undefined;
  }
  const blockStart = b * d.blockSize;
  const wanted = out.subarray(Math.max(d.start - blockStart, 0), Math.min(d.end - blockStart + 1, blockLen));
  return lend(wanted, buffer);
}

/**
 * Yields the object's bytes in [start, end], block by block, reading `data` shards per
 * block (data shards first, so a healthy object needs no decoding) and verifying each
 * shard's checksum; missing or corrupt shards are replaced by others and rebuilt.
 */
export async function* decodeObject(o: DecodeOptions): AsyncGenerator<Buffer> {
  const d = new Decoder(o);
  // While one block goes to the reader, the next one's data shards are already being read.
  const blocks = d.blocks();
  const readAhead = () => {
    const next = blocks.next();
    if (next.done) return undefined;
    const read = d.verifyAll ? undefined : dataBlock(d, next.value.b, next.value.blockLen, next.value.offset);
    read?.catch(() => {});
    return { block: next.value, read };
  };
  let current = readAhead();
  try {
    while (current) {
      const { b, blockLen, offset, len, shards } = current.block;
      const whole = await current.read;
      current = readAhead();
      if (whole) {
        yield whole;
        continue;
      }
      for (const batch of shardPlan(d, shards)) {
        const got = await Promise.all(
          batch.map(async (i) => {
            const src = d.source(i);
            return d.check(i, src ? await readAt(src, offset, len).catch(() => undefined) : undefined);
          }),
        );
        batch.forEach((i, k) => {
          shards[i] = got[k];
        });
      }
      yield* d.slices(b, blockLen, shards);
    }
  } finally {
    // A reader that stops early leaves the next block's read in flight. It ends here, before
    // the caller closes the shard files (bare descriptors, closed under a read, could be
    // reused by another open), and its unsent buffer goes back to the pool.
    const unsent = await current?.read?.catch(() => undefined);
    if (unsent) giveBackLoan(unsent);
  }
}

/**
 * A whole inline object of one block whose data shards are all there and sound: their
 * bytes, verified and copied into one buffer. Undefined when any is missing or fails its
 * checksum (decodeInline then reconstructs, and reports the drive).
 */
function wholeFromDataShards(o: DecodeOptions): Buffer | undefined {
  const { data, blockSize, bitrot } = o.layout;
  if (o.size > blockSize || o.start !== undefined || o.end !== undefined) return undefined;
  const hashLen = checksumLength(bitrot);
  const shardLen = Math.ceil(o.size / data);
  const out = Buffer.allocUnsafe(o.size);
  for (let i = 0; i < data; i++) {
    const stream = o.sources[i]?.inline;
    if (!stream || stream.length < hashLen + shardLen) return undefined;
    const shard = stream.subarray(hashLen, hashLen + shardLen);
    if (hashLen > 0 && !shardChecksum(bitrot, shard).equals(stream.subarray(0, hashLen))) return undefined;
    // With more data shards than bytes to spread, the last shards hold padding only.
    const bytes = Math.min(shardLen, o.size - i * shardLen);
    if (bytes > 0) shard.copy(out, i * shardLen, 0, bytes);
  }
  return out;
}

/**
 * The same for an object whose shards are all inline in its records: no I/O, so decoded
 * at once into one buffer (the small-object fast path).
 */
export function decodeInline(o: DecodeOptions): Buffer {
  const whole = wholeFromDataShards(o);
  if (whole) return whole;
  const d = new Decoder(o);
  const out: Buffer[] = [];
  for (const { b, blockLen, offset, len, shards } of d.blocks()) {
    for (const batch of shardPlan(d, shards))
      for (const i of batch) {
        const src = d.source(i);
        shards[i] = d.check(i, src?.inline ? inlineAt(src, offset, len) : undefined);
      }
    out.push(...d.slices(b, blockLen, shards));
  }
  return out.length === 1 ? out[0]! : Buffer.concat(out);
}
