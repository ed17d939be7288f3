import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { header, type RequestContext } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import { crc32c } from './crc32c.js';
import { Crc64Nvme } from './crc64nvme.js';

// Flexible checksums (x-amz-checksum-<alg>), sent as a header or as an aws-chunked trailer:
// CRC32, CRC32C, CRC64NVME, SHA1 and SHA256, each verified against the bytes.

interface Running {
  update(data: Buffer): void;
  digest(): Buffer;
}

export function running(alg: string): Running | undefined {
  if (alg === 'sha1' || alg === 'sha256') return createHash(alg);
  if (alg === 'crc64nvme') return new Crc64Nvme();
  if (alg === 'crc32' || alg === 'crc32c') {
    const step = alg === 'crc32' ? crc32 : crc32c;
    let value = 0;
    return {
      update: (data) => {
        value = step(data, value);
      },
      digest: () => {
        const out = Buffer.alloc(4);
        out.writeUInt32BE(value >>> 0);
        return out;
      },
    };
  }
  return undefined;
}

export interface ChecksumSpec {
  algorithm: string;
  /** Base64 value, or a getter for one that arrives in a trailer. */
  expected: () => string | undefined;
}

/** A checksum header (or trailer) name of an algorithm S3 knows; its name in group 1. */
export const CHECKSUM_NAME = /^x-amz-checksum-(crc32|crc32c|sha1|sha256|crc64nvme)$/;

const ONE_CHECKSUM = 'Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.';

/** x-amz-checksum-* headers that name no checksum value (GET's mode, an upload's algorithm and type). */
const NOT_A_CHECKSUM = new Set(['x-amz-checksum-mode', 'x-amz-checksum-algorithm', 'x-amz-checksum-type']);
/** Digest bytes per algorithm: a value of another length cannot be the algorithm's. */
const DIGEST_BYTES: Record<string, number> = { crc32: 4, crc32c: 4, crc64nvme: 8, sha1: 20, sha256: 32 };

const invalidRequest = (message: string) => new ApiError('InvalidRequest', message);

/** A checksum header's value: the algorithm's digest in padded base64, else InvalidRequest (as S3). */
export function checkValue(algorithm: string, name: string, value: string | undefined): void {
  const bytes = Buffer.from(value ?? '', 'base64');
  if (bytes.length !== DIGEST_BYTES[algorithm] || bytes.toString('base64') !== value)
    throw invalidRequest(`Value for ${name} header is invalid.`);
}

/**
 * Which checksum the request declares, if any: one, in a header or a trailer (S3 refuses
 * more, and a second one would be stored without being checked). Values, names and the
 * SDK's x-amz-sdk-checksum-algorithm are checked as S3 checks them. A trailer can only come
 * with an aws-chunked body that carries trailers (`trailing`): declared on another, it would
 * count as a checksum nobody checks.
 */
export function checksumSpec(
  ctx: RequestContext,
  trailers?: Map<string, string>,
  trailing = trailers !== undefined,
): ChecksumSpec | undefined {
  let spec: ChecksumSpec | undefined;
  let declared: string | undefined;
  let count = 0;
  for (const name of Object.keys(ctx.headers)) {
    if (!name.startsWith('x-amz-checksum-') || NOT_A_CHECKSUM.has(name)) continue;
    const m = CHECKSUM_NAME.exec(name);
    if (!m?.[1])
      throw invalidRequest('The algorithm type you specified in x-amz-checksum- header is invalid.');
    count++;
    const value = header(ctx.headers, name);
    checkValue(m[1], name, value);
    declared = m[1];
    spec = { algorithm: m[1], expected: () => value };
  }
  const trailer = header(ctx.headers, 'x-amz-trailer')?.trim().toLowerCase();
  if (trailer && !trailing)
    throw invalidRequest('x-amz-trailer needs an aws-chunked body with trailers (STREAMING-...-TRAILER).');
  const m = trailer ? CHECKSUM_NAME.exec(trailer) : null;
  if (m?.[1]) {
    count++;
    declared = m[1];
    if (trailers) spec = { algorithm: m[1], expected: () => trailers.get(trailer!) };
  }
  if (count > 1) throw invalidRequest(ONE_CHECKSUM);
  const sdk = header(ctx.headers, 'x-amz-sdk-checksum-algorithm')?.trim().toLowerCase();
  if (sdk !== undefined) {
    if (DIGEST_BYTES[sdk] === undefined)
      throw invalidRequest('Value for x-amz-sdk-checksum-algorithm header is invalid.');
    if (declared !== sdk)
      throw invalidRequest(
        'x-amz-sdk-checksum-algorithm specified, but no corresponding x-amz-checksum-* or x-amz-trailer headers were found.',
      );
  }
  return spec;
}

/** The flexible-checksum algorithms S3 knows, as x-amz-checksum-algorithm names them. */
export const CHECKSUM_ALGORITHMS = ['CRC32', 'CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'] as const;

export class ChecksumCheck extends Transform {
  private readonly sum: Running | undefined;
  /** The checksum of what passed (base64), once the stream has ended. */
  value: string | undefined;

  constructor(private readonly spec: ChecksumSpec) {
    super();
    this.sum = running(spec.algorithm);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.sum?.update(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    const expected = this.spec.expected();
    this.value = this.sum?.digest().toString('base64');
    if (!this.sum || expected === undefined) {
      done();
      return;
    }
    if (this.value !== expected) {
      const name = this.spec.algorithm.toUpperCase();
      done(new ApiError('BadDigest', `The ${name} you specified did not match the calculated checksum.`));
      return;
    }
    done();
  }
}
