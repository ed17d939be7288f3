import type { Readable, Transform } from 'node:stream';
import { constants, createDeflateRaw, createInflateRaw } from 'node:zlib';
import {
  decryptStream,
  encryptedSize,
  encryptStream,
  fullCiphertextRange,
  partKey,
  plainSize,
} from '../crypto/index.js';
import type { BodyFacts, ByteRange, ObjectInfo } from '../engine/object-layer.js';
import { chain, PlainTap } from './streams.js';

// Objects stored compressed (the compression subsystem): each part's plaintext is deflated
// on its own, then encrypted when the object is. The version keeps the client's sizes and
// ETag; reads inflate the parts a range covers and cut the range out of them.

/** The `internal` entry that marks a compressed object (and an upload whose parts are). */
export const COMPRESSION = 'compression';
const DEFLATE = 'deflate-raw';

// zlib's output comes in chunks of this size (16 KiB by default): each is a trip to the
// thread pool and a write downstream, so bigger ones cost less per byte.
const ZLIB_CHUNK = 256 * 1024;

export const compressedMark = { [COMPRESSION]: DEFLATE };
export const isCompressed = (info: { internal: Record<string, string> }): boolean =>
  info.internal[COMPRESSION] === DEFLATE;

/** Where an encrypted compressed part is sealed. */
export interface PartSealing {
  objectKey: Buffer;
  partNumber: number;
  sse: 'S3' | 'C';
}

/**
 * The most bytes deflate can make of `plain` bytes (zlib's deflateBound without its
 * tuning, plus room for the stream's flushes): what incompressible data comes to.
 */
export const deflatedBound = (plain: number): number =>
  plain + Math.ceil(plain / 8) + Math.ceil(plain / 64) + 1024;

/**
 * Compresses one part's plaintext (a plain PUT is part 1), then encrypts it when sealed.
 * The facts are the plaintext's: its size, and its MD5 as ETag (an SSE-C object keeps the
 * stored bytes' MD5, as when not compressed). Content-MD5 and the declared length are
 * checked on the plaintext.
 */
export function compressPart(
  plaintext: Readable,
  declaredSize: number | undefined,
  expectedMd5: Buffer | undefined,
  sealing?: PartSealing,
): { body: Readable; finish: () => BodyFacts; maxSize?: number } {
  const tap = new PlainTap(expectedMd5, declaredSize);
  let body: Readable = chain(
    chain(plaintext, tap),
    createDeflateRaw({ level: constants.Z_BEST_SPEED, chunkSize: ZLIB_CHUNK }),
  );
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
    }),
  };
}

export interface CompressedPlan {
  /** The stored bytes to read: whole parts. */
  stored: ByteRange | undefined;
  segments: { length: number; through: () => Transform[] }[];
  /** The plaintext range within what those parts inflate to. */
  window: { skip: number; take: number } | undefined;
}

/** The parts a plaintext range covers, and how each is opened (decrypted, inflated). */
export function compressedPlan(
  info: ObjectInfo,
  objectKey: Buffer | undefined,
  wanted: ByteRange | undefined,
): CompressedPlan {
  const want = wanted ?? (info.size > 0 ? { start: 0, end: info.size - 1 } : undefined);
  const plan: CompressedPlan = { stored: undefined, segments: [], window: undefined };
  if (!want) return plan;
  let plainAt = 0;
  let storedAt = 0;
  for (const part of info.parts) {
    const first = plainAt;
    const last = plainAt + part.size - 1;
    if (part.size > 0 && last >= want.start && first <= want.end) {
      plan.window ??= { skip: want.start - first, take: want.end - want.start + 1 };
      plan.stored = { start: plan.stored?.start ?? storedAt, end: storedAt + part.storedSize - 1 };
      const key = objectKey && partKey(objectKey, part.number);
      const stored = part.storedSize;
      plan.segments.push({
        length: stored,
        through: () => [
          ...(key ? [decryptStream(key, fullCiphertextRange(plainSize(stored)))] : []),
          createInflateRaw({ chunkSize: ZLIB_CHUNK }),
        ],
      });
    }
    plainAt += part.size;
    storedAt += part.storedSize;
  }
  return plan;
}
