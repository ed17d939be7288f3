import { CryptoError } from './crypto-error.js';

// The encrypted object format, modelled on MinIO's DARE 2.0 (github.com/minio/sio).
//
// Plaintext is cut into packages of PACKAGE_SIZE bytes (the last one shorter; an empty
// object has no packages). Each package is  header(16) || ciphertext(n) || tag(16):
//
//   offset size  field
//   0      1     version, 0x01
//   1      1     cipher, 0x01 = AES-256-GCM
//   2      2     n - 1, uint16 little-endian (n = plaintext bytes, 1..65536)
//   4      1     flags: 0x01 FINAL marks the stream's last package; other bits zero
//   5      3     reserved, zero
//   8      8     stream nonce: random, the same in every package of one stream
//
// GCM IV = stream nonce (8) || sequence number (uint32 big-endian, 0 for the first
// package); the whole header is the additional authenticated data. The sequence number is
// never stored: it is the package's position, so a package moved, dropped or repeated
// fails its tag; the authenticated FINAL flag makes a stream cut at a package boundary
// detectable; and every bit of header, ciphertext and tag is covered by the tag.

export const PACKAGE_SIZE = 65536;
export const HEADER_SIZE = 16;
export const TAG_SIZE = 16;
export const PACKAGE_OVERHEAD = HEADER_SIZE + TAG_SIZE;
export const MAX_PACKAGE_BYTES = PACKAGE_SIZE + PACKAGE_OVERHEAD;
/** Sequence numbers are uint32: 2^32 packages of 64 KiB, 256 TiB per stream. */
export const MAX_PACKAGES = 2 ** 32;

const FORMAT_VERSION = 0x01;
const CIPHER_AES_256_GCM = 0x01;
const FLAG_FINAL = 0x01;
export const STREAM_NONCE_SIZE = 8;

export interface PackageHeader {
  payloadLength: number;
  final: boolean;
  streamNonce: Buffer;
}

export function encodeHeader(payloadLength: number, final: boolean, streamNonce: Buffer): Buffer {
  const header = Buffer.alloc(HEADER_SIZE);
  header[0] = FORMAT_VERSION;
  header[1] = CIPHER_AES_256_GCM;
  header.writeUInt16LE(payloadLength - 1, 2);
  header[4] = final ? FLAG_FINAL : 0;
  streamNonce.copy(header, 8);
  return header;
}

export function decodeHeader(header: Buffer): PackageHeader {
  if (header[0] !== FORMAT_VERSION) {
    throw new CryptoError('Unsupported', `encrypted package has unknown format version ${header[0]}`);
  }
  if (header[1] !== CIPHER_AES_256_GCM) {
    throw new CryptoError('Unsupported', `encrypted package has unknown cipher ${header[1]}`);
  }
  const flags = header[4] ?? 0;
  if ((flags & ~FLAG_FINAL) !== 0 || header[5] !== 0 || header[6] !== 0 || header[7] !== 0) {
    throw new CryptoError('Corrupt', 'encrypted package header has unknown flags set');
  }
  return {
    payloadLength: header.readUInt16LE(2) + 1,
    final: (flags & FLAG_FINAL) !== 0,
    streamNonce: header.subarray(8, HEADER_SIZE),
  };
}

export function packageIv(streamNonce: Buffer, sequence: number): Buffer {
  const iv = Buffer.alloc(STREAM_NONCE_SIZE + 4);
  streamNonce.copy(iv, 0);
  iv.writeUInt32BE(sequence, STREAM_NONCE_SIZE);
  return iv;
}

export function packageCount(plainSize: number): number {
  assertSize(plainSize, 'plaintext size');
  return Math.ceil(plainSize / PACKAGE_SIZE);
}

export function encryptedSize(plainSize: number): number {
  return plainSize + packageCount(plainSize) * PACKAGE_OVERHEAD;
}

/** The plaintext size of a stored ciphertext; CryptoError(Corrupt) if no plaintext has that size. */
export function plainSize(encryptedSize: number): number {
  assertSize(encryptedSize, 'encrypted size');
  const packages = Math.ceil(encryptedSize / MAX_PACKAGE_BYTES);
  const lastPackageBytes = encryptedSize - (packages - 1) * MAX_PACKAGE_BYTES;
  if (packages > 0 && lastPackageBytes <= PACKAGE_OVERHEAD) {
    throw new CryptoError('Corrupt', `${encryptedSize} bytes is not the size of any encrypted object`);
  }
  return encryptedSize - packages * PACKAGE_OVERHEAD;
}

/** What to read from storage and how to decrypt it; spread it into decryptStream's options. */
export interface CiphertextRange {
  /** First ciphertext byte to read (package aligned). */
  start: number;
  /** Last ciphertext byte to read, inclusive (end of a package); -1 for an empty object. */
  end: number;
  firstPackage: number;
  /** Plaintext bytes to drop from the front of the first package. */
  skip: number;
  /** Plaintext bytes to emit. */
  take: number;
  totalPackages: number;
}

/** The ciphertext holding plaintext bytes plainStart..plainEnd (inclusive) of an object. */
export function ciphertextRange(plainStart: number, plainEnd: number, plainTotal: number): CiphertextRange {
  assertSize(plainStart, 'range start');
  assertSize(plainEnd, 'range end');
  assertSize(plainTotal, 'plaintext size');
  if (plainStart > plainEnd || plainEnd >= plainTotal) {
    throw new RangeError(`range ${plainStart}-${plainEnd} is not within an object of ${plainTotal} bytes`);
  }
  const firstPackage = Math.floor(plainStart / PACKAGE_SIZE);
  const lastPackage = Math.floor(plainEnd / PACKAGE_SIZE);
  return {
    start: firstPackage * MAX_PACKAGE_BYTES,
    end: Math.min((lastPackage + 1) * MAX_PACKAGE_BYTES, encryptedSize(plainTotal)) - 1,
    firstPackage,
    skip: plainStart - firstPackage * PACKAGE_SIZE,
    take: plainEnd - plainStart + 1,
    totalPackages: packageCount(plainTotal),
  };
}

/** The whole object, empty ones included (for which end is -1: read nothing). */
export function fullCiphertextRange(plainTotal: number): CiphertextRange {
  return {
    start: 0,
    end: encryptedSize(plainTotal) - 1,
    firstPackage: 0,
    skip: 0,
    take: plainTotal,
    totalPackages: packageCount(plainTotal),
  };
}

function assertSize(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer, got ${value}`);
  }
}
