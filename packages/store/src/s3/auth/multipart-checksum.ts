import { ApiError } from '../../wire/errors.js';
import { running } from './checksum.js';

// The checksum of a multipart object, from its parts' checksums (S3's "checksum of
// checksums"): COMPOSITE hashes the parts' checksums one after another and names the part
// count ("<base64>-N"); FULL_OBJECT is the CRC of the whole object, which the parts' CRCs
// give without reading a byte again (zlib's crc32_combine, for any reflected CRC).

export type ChecksumType = 'COMPOSITE' | 'FULL_OBJECT';

const FULL_OBJECT_ALGORITHMS = new Set(['crc32', 'crc32c', 'crc64nvme']);
const COMPOSITE_ALGORITHMS = new Set(['crc32', 'crc32c', 'sha1', 'sha256']);

/**
 * The checksum an upload is created with (x-amz-checksum-algorithm and -type), checked as
 * S3 checks it; undefined when none is asked for.
 */
export function uploadChecksum(
  algorithmHeader: string | undefined,
  typeHeader: string | undefined,
): { algorithm: string; type: ChecksumType } | undefined {
  if (algorithmHeader === undefined) {
    if (typeHeader !== undefined)
      throw new ApiError(
        'InvalidRequest',
        'The x-amz-checksum-type header can only be used with x-amz-checksum-algorithm.',
      );
    return undefined;
  }
  const algorithm = algorithmHeader.toLowerCase();
  if (!FULL_OBJECT_ALGORITHMS.has(algorithm) && !COMPOSITE_ALGORITHMS.has(algorithm))
    throw new ApiError('InvalidRequest', 'Value for x-amz-checksum-algorithm header is invalid.');
  const type = (typeHeader?.toUpperCase() ??
    (algorithm === 'crc64nvme' ? 'FULL_OBJECT' : 'COMPOSITE')) as ChecksumType;
  const allowed =
    type === 'FULL_OBJECT' ? FULL_OBJECT_ALGORITHMS : type === 'COMPOSITE' ? COMPOSITE_ALGORITHMS : undefined;
  if (!allowed?.has(algorithm))
    throw new ApiError(
      'InvalidRequest',
      `The ${type} checksum type cannot be used with the ${algorithm.toUpperCase()} checksum algorithm.`,
    );
  return { algorithm, type };
}

/** Reflected CRC parameters: width and polynomial (bit-reversed), as BigInt arithmetic. */
const CRCS: Record<string, { width: bigint; poly: bigint }> = {
  crc32: { width: 32n, poly: 0xedb88320n },
  crc32c: { width: 32n, poly: 0x82f63b78n },
  crc64nvme: { width: 64n, poly: 0x9a6c9329ac4bc9b5n },
};

class CrcCombiner {
  private readonly top: bigint;
  /** x^(2^k) mod p, k = 0..63. */
  private readonly powers: bigint[] = [];
  private readonly byLength = new Map<number, bigint>();

  constructor(private readonly crc: { width: bigint; poly: bigint }) {
    this.top = 1n << (crc.width - 1n);
    let p = this.top >> 1n; // x^1
    for (let k = 0; k < 64; k++) {
      this.powers.push(p);
      p = this.multiply(p, p);
    }
  }

  /** a(x)·b(x) mod p(x), both reflected. */
  private multiply(a: bigint, b: bigint): bigint {
    let m = this.top;
    let product = 0n;
    for (;;) {
      if (a & m) {
        product ^= b;
        if ((a & (m - 1n)) === 0n) break;
      }
      m >>= 1n;
      b = b & 1n ? (b >> 1n) ^ this.crc.poly : b >> 1n;
    }
    return product;
  }

  /** x^(8·bytes) mod p: what appending that many bytes does to a CRC (cached by length). */
  private shiftBy(bytes: number): bigint {
    let p = this.byLength.get(bytes);
    if (p !== undefined) return p;
    p = this.top; // x^0
    let n = BigInt(bytes);
    for (let k = 3; n > 0n; n >>= 1n, k++) if (n & 1n) p = this.multiply(this.powers[k]!, p);
    this.byLength.set(bytes, p);
    return p;
  }

  /** The CRC of A followed by B, from CRC(A), CRC(B) and B's length. */
  combine(crcA: bigint, crcB: bigint, lengthB: number): bigint {
    return this.multiply(this.shiftBy(lengthB), crcA) ^ crcB;
  }
}

const toBigInt = (b64: string): bigint => BigInt(`0x${Buffer.from(b64, 'base64').toString('hex') || '0'}`);
const toBase64 = (value: bigint, width: bigint): string =>
  Buffer.from(value.toString(16).padStart(Number(width) / 4, '0'), 'hex').toString('base64');

/** The whole object's checksum from its parts' (base64 values, with each part's size). */
export function combinedChecksum(
  algorithm: string,
  type: ChecksumType,
  parts: readonly { checksum: string; size: number }[],
): string {
  if (type === 'COMPOSITE') {
    const hash = running(algorithm)!;
    for (const p of parts) hash.update(Buffer.from(p.checksum, 'base64'));
    return `${hash.digest().toString('base64')}-${parts.length}`;
  }
  const crc = CRCS[algorithm]!;
  const combiner = new CrcCombiner(crc);
  let value = toBigInt(parts[0]!.checksum);
  for (const p of parts.slice(1)) value = combiner.combine(value, toBigInt(p.checksum), p.size);
  return toBase64(value, crc.width);
}
