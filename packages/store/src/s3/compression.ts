import { Duplex, PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { constants, createInflateRaw, deflateRaw } from 'node:zlib';
import {
  ciphertextRange,
  decryptStream,
  encryptedSize,
  encryptStream,
  partKey,
  plainSize,
} from '../crypto/index.js';
import type { BodyFacts, ByteRange, ObjectInfo, ObjectPartInfo } from '../engine/object-layer.js';
import { coveredParts } from './part-ranges.js';
import { chain, PlainTap, segmented } from './streams.js';

// Objects stored compressed (the compression subsystem): each part's plaintext is deflated
// in blocks of 4 MiB, each its own raw deflate stream, then encrypted when the object is.
// The compressed length of every block is kept with the part, so that a range read inflates
// the blocks it covers and no more: parallel ranged downloads of a big object (the AWS CLI
// fetches 8 MiB ranges) cost what they read. The version keeps the client's sizes and ETag.

/** The `internal` entry that marks a compressed object (and an upload whose parts are). */
export const COMPRESSION = 'compression';
const DEFLATE = 'deflate-raw';
/** Where a part (a single PUT: the version) keeps its blocks' compressed lengths. */
const BLOCK_INDEX = 'compression-blocks';
export const COMPRESSION_BLOCK = 4 * 1024 * 1024;

const deflateBlock = promisify(deflateRaw);

export const compressedMark = { [COMPRESSION]: DEFLATE };
export const isCompressed = (info: { internal: Record<string, string> }): boolean =>
  info.internal[COMPRESSION] === DEFLATE;

/** Where an encrypted compressed part is sealed. */
export interface PartSealing {
  objectKey: Buffer;
  partNumber: number;
  sse: 'S3' | 'KMS' | 'C';
}

/**
 * The most bytes deflate can make of `plain` bytes (zlib's deflateBound without its
 * tuning, plus room for each block's ending): what incompressible data comes to.
 */
export const deflatedBound = (plain: number): number =>
  plain + Math.ceil(plain / 8) + Math.ceil(plain / 64) + 64 * Math.ceil(plain / COMPRESSION_BLOCK) + 64;

/**
 * The plaintext in blocks of COMPRESSION_BLOCK bytes, each deflated on its own (lengths
 * noted). One block deflates on the thread pool while the next one is read.
 */
async function* deflatedBlocks(plaintext: AsyncIterable<Buffer>, lengths: number[]): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let n = 0;
  let deflating: Promise<Buffer> | undefined;
  const launch = () => {
    const block = Buffer.concat(held, n);
    held = [];
    n = 0;
    deflating = deflateBlock(block, { level: constants.Z_BEST_SPEED });
    deflating.catch(() => {}); // awaited below; a body abandoned meanwhile leaves it unread
  };
  async function* previous(): AsyncGenerator<Buffer> {
    if (!deflating) return;
    const out = await deflating;
    deflating = undefined;
    lengths.push(out.length);
    yield out;
  }
  for await (const c of plaintext) {
    let chunk = c;
    while (chunk.length > 0) {
      const take = Math.min(COMPRESSION_BLOCK - n, chunk.length);
      held.push(chunk.subarray(0, take));
      n += take;
      chunk = chunk.subarray(take);
      if (n === COMPRESSION_BLOCK) {
        yield* previous();
        launch();
      }
    }
  }
  yield* previous();
  if (n > 0) {
    launch();
    yield* previous();
  }
}

/**
 * Compresses one part's plaintext (a plain PUT is part 1), then encrypts it when sealed.
 * The facts are the plaintext's: its size, and its MD5 as ETag (an SSE-C object keeps the
 * stored bytes' MD5, as when not compressed), with the blocks' lengths. Content-MD5 and
 * the declared length are checked on the plaintext.
 */
export function compressPart(
  plaintext: Readable,
  declaredSize: number | undefined,
  expectedMd5: Buffer | undefined,
  sealing?: PartSealing,
): { body: Readable; finish: () => BodyFacts; maxSize?: number } {
  const tap = new PlainTap(expectedMd5, declaredSize);
  const lengths: number[] = [];
  let body: Readable = Readable.from(deflatedBlocks(chain(plaintext, tap), lengths), { objectMode: false });
  if (sealing) body = chain(body, encryptStream(partKey(sealing.objectKey, sealing.partNumber)));
  // The stored size is known only at the end: the engine gets its bound, for the drives'
  // space and the object size limit.
  const bound = declaredSize === undefined ? undefined : deflatedBound(declaredSize);
  return {
    body,
    ...(bound === undefined ? {} : { maxSize: sealing ? encryptedSize(bound) : bound }),
    finish: () => ({
      actualSize: tap.bytes,
      ...(sealing?.sse === 'C' ? {} : { etag: tap.digest!.toString('hex') }),
      internal: { [BLOCK_INDEX]: lengths.join(',') },
    }),
  };
}

// zlib's output comes in chunks of this size (16 KiB by default): each is a trip to the
// thread pool and a write downstream, so bigger ones cost less per byte.
const ZLIB_CHUNK = 256 * 1024;

/**
 * Inflates consecutive raw deflate blocks of the given compressed lengths, each as a
 * stream (a block's bytes inflate as they arrive, not once all of it has).
 */
function blockInflater(lengths: number[]): Duplex {
  const input = new PassThrough();
  const output = segmented(
    input,
    lengths.map((length) => ({ length, through: () => createInflateRaw({ chunkSize: ZLIB_CHUNK }) })),
  );
  return Duplex.from({ writable: input, readable: output });
}

export interface CompressedPlan {
  /** The stored bytes to read: the blocks the range covers, in every part it touches. */
  stored: ByteRange | undefined;
  segments: { length: number; through: () => Duplex[] }[];
  /** The plaintext range within what those blocks inflate to. */
  window: { skip: number; take: number } | undefined;
}

/**
 * A part's blocks' compressed lengths (one block of the whole part for a part stored
 * before blocks were kept: it is inflated from its start).
 */
function blocksOf(info: ObjectInfo, part: ObjectPartInfo): number[] | undefined {
  const kept =
    part.internal[BLOCK_INDEX] ?? (info.parts.length === 1 ? info.internal[BLOCK_INDEX] : undefined);
  if (kept === undefined) return undefined;
  return kept === '' ? [] : kept.split(',').map(Number);
}

/** The blocks of one part a plaintext range covers, where they are stored and how they open. */
function partSlice(
  info: ObjectInfo,
  part: ObjectPartInfo,
  objectKey: Buffer | undefined,
  from: number,
  to: number,
): { storedStart: number; storedEnd: number; plainStart: number; through: () => Duplex[] } {
  const compressedSize = objectKey ? plainSize(part.storedSize) : part.storedSize;
  const lengths = blocksOf(info, part);
  const first = lengths ? Math.floor(from / COMPRESSION_BLOCK) : 0;
  const last = lengths ? Math.floor(to / COMPRESSION_BLOCK) : 0;
  const before = lengths ? lengths.slice(0, first).reduce((a, b) => a + b, 0) : 0;
  const wanted = lengths?.slice(first, last + 1);
  const cEnd = wanted ? before + wanted.reduce((a, b) => a + b, 0) - 1 : compressedSize - 1;
  const inflate = () => (wanted ? blockInflater(wanted) : createInflateRaw({ chunkSize: ZLIB_CHUNK }));
  const plainStart = first * COMPRESSION_BLOCK;
  if (!objectKey) return { storedStart: before, storedEnd: cEnd, plainStart, through: () => [inflate()] };
  const range = ciphertextRange(before, cEnd, compressedSize);
  const key = partKey(objectKey, part.number);
  return {
    storedStart: range.start,
    storedEnd: range.end,
    plainStart,
    through: () => [decryptStream(key, range), inflate()],
  };
}

/** The blocks a plaintext range covers, and how each part's are opened (decrypted, inflated). */
export function compressedPlan(
  info: ObjectInfo,
  objectKey: Buffer | undefined,
  wanted: ByteRange | undefined,
): CompressedPlan {
  const plan: CompressedPlan = { stored: undefined, segments: [], window: undefined };
  const take = wanted ? wanted.end - wanted.start + 1 : info.size;
  for (const { part, from, to, storedAt } of coveredParts(info, wanted)) {
    const slice = partSlice(info, part, objectKey, from, to);
    plan.window ??= { skip: from - slice.plainStart, take };
    plan.stored = {
      start: plan.stored?.start ?? storedAt + slice.storedStart,
      end: storedAt + slice.storedEnd,
    };
    plan.segments.push({ length: slice.storedEnd - slice.storedStart + 1, through: slice.through });
  }
  return plan;
}
