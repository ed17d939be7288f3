import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { CryptoError } from './crypto-error.js';
import {
  decodeHeader,
  encodeHeader,
  HEADER_SIZE,
  MAX_PACKAGE_BYTES,
  MAX_PACKAGES,
  PACKAGE_SIZE,
  type PackageHeader,
  packageIv,
  STREAM_NONCE_SIZE,
  TAG_SIZE,
} from './package-format.js';

// Streaming encryption and decryption in the package format described in package-format.ts.
// Each transform holds at most one package of its own (a fixed buffer) plus what Node's
// stream buffers hold, which the high-water marks below keep to about one package.

export {
  type CiphertextRange,
  ciphertextRange,
  encryptedSize,
  fullCiphertextRange,
  PACKAGE_SIZE,
  packageCount,
  plainSize,
} from './package-format.js';

const KEY_BYTES = 32;

/** Encrypts a plaintext stream under `key`, which must be used for this stream only. */
export function encryptStream(key: Buffer): Transform {
  assertKey(key);
  const streamNonce = randomBytes(STREAM_NONCE_SIZE);
  const pending = Buffer.allocUnsafe(PACKAGE_SIZE);
  let filled = 0;
  let sequence = 0;

  const seal = (payload: Buffer, final: boolean): Buffer => {
    if (sequence >= MAX_PACKAGES) throw new CryptoError('Unsupported', 'stream too long to encrypt');
    const header = encodeHeader(payload.length, final, streamNonce);
    const cipher = createCipheriv('aes-256-gcm', key, packageIv(streamNonce, sequence));
    sequence += 1;
    cipher.setAAD(header);
    const sealed = Buffer.allocUnsafe(HEADER_SIZE + payload.length + TAG_SIZE);
    header.copy(sealed, 0);
    cipher.update(payload).copy(sealed, HEADER_SIZE);
    cipher.final(); // GCM emits nothing here; it computes the tag
    cipher.getAuthTag().copy(sealed, HEADER_SIZE + payload.length);
    return sealed;
  };

  return new Transform({
    writableHighWaterMark: PACKAGE_SIZE,
    readableHighWaterMark: MAX_PACKAGE_BYTES,
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        let offset = 0;
        while (offset < chunk.length) {
          // A full package is sealed only once more data arrives: until then it may be the last.
          if (filled === PACKAGE_SIZE) {
            this.push(seal(pending, false));
            filled = 0;
          }
          const copied = chunk.copy(pending, filled, offset);
          filled += copied;
          offset += copied;
        }
        callback();
      } catch (err) {
        callback(asError(err));
      }
    },
    flush(callback: TransformCallback) {
      try {
        if (filled > 0) this.push(seal(pending.subarray(0, filled), true));
        callback();
      } catch (err) {
        callback(asError(err));
      }
    },
  });
}

export interface DecryptOptions {
  /** Sequence number of the first package in the input (default 0). */
  firstPackage?: number;
  /** Plaintext bytes to drop before emitting (default 0). */
  skip?: number;
  /** Plaintext bytes to emit; the input must hold exactly the packages they need. */
  take?: number;
  /** Packages in the whole object: checks FINAL sits on the last one. Always pass it. */
  totalPackages?: number;
}

/**
 * Decrypts ciphertext that starts at package `firstPackage`. Errors (tampering, reordering,
 * truncation, trailing data) destroy the stream with a CryptoError; no plaintext of a
 * package is emitted before that package has been authenticated.
 */
export function decryptStream(key: Buffer, opts: DecryptOptions = {}): Transform {
  assertKey(key);
  const { firstPackage = 0, skip = 0, take, totalPackages } = opts;
  for (const [name, value] of Object.entries({ firstPackage, skip, take, totalPackages })) {
    if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
      throw new RangeError(`decryptStream: ${name} must be a non-negative integer, got ${value}`);
    }
  }
  const lastPackage = lastPackageNeeded(firstPackage, skip, take, totalPackages);

  const buffer = Buffer.allocUnsafe(MAX_PACKAGE_BYTES);
  let filled = 0;
  let header: PackageHeader | undefined;
  let sequence = firstPackage;
  let streamNonce: Buffer | undefined;
  let sawFinal = false;
  let skipLeft = skip;
  let takeLeft = take ?? Number.POSITIVE_INFINITY;

  const open = (pkg: Buffer, h: PackageHeader): Buffer => {
    if (sawFinal) throw new CryptoError('Corrupt', 'encrypted data continues after the final package');
    if (lastPackage !== undefined && sequence > lastPackage) {
      throw new CryptoError('Corrupt', 'encrypted data continues past the requested range');
    }
    if (sequence >= MAX_PACKAGES) throw new CryptoError('Corrupt', 'too many encrypted packages');
    // Packages of one stream share a nonce; a different one means a package from elsewhere.
    streamNonce ??= Buffer.from(h.streamNonce);
    if (!streamNonce.equals(h.streamNonce)) {
      throw new CryptoError('Corrupt', `encrypted package ${sequence} belongs to another stream`);
    }
    const payloadEnd = HEADER_SIZE + h.payloadLength;
    let plain: Buffer;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, packageIv(streamNonce, sequence), {
        authTagLength: TAG_SIZE,
      });
      decipher.setAAD(pkg.subarray(0, HEADER_SIZE));
      decipher.setAuthTag(pkg.subarray(payloadEnd, payloadEnd + TAG_SIZE));
      plain = Buffer.concat([decipher.update(pkg.subarray(HEADER_SIZE, payloadEnd)), decipher.final()]);
    } catch {
      throw new CryptoError(
        'Corrupt',
        `encrypted package ${sequence} failed authentication (modified, out of order, or wrong key)`,
      );
    }
    // The header is authentic from here on, so what it says about the stream's shape holds.
    if (totalPackages !== undefined) {
      const isLast = sequence === totalPackages - 1;
      if (h.final && !isLast) throw new CryptoError('Truncated', 'encrypted object ends early');
      if (!h.final && isLast) throw new CryptoError('Corrupt', 'encrypted object is longer than recorded');
    }
    if (!h.final && h.payloadLength !== PACKAGE_SIZE) {
      throw new CryptoError('Corrupt', `encrypted package ${sequence} is short but not final`);
    }
    sequence += 1;
    sawFinal = h.final;
    return plain;
  };

  const emit = (stream: Transform, plain: Buffer): void => {
    let out = plain;
    if (skipLeft > 0) {
      const dropped = Math.min(skipLeft, out.length);
      out = out.subarray(dropped);
      skipLeft -= dropped;
    }
    if (out.length > takeLeft) out = out.subarray(0, takeLeft);
    takeLeft -= out.length;
    if (out.length > 0) stream.push(out);
  };

  return new Transform({
    writableHighWaterMark: MAX_PACKAGE_BYTES,
    readableHighWaterMark: PACKAGE_SIZE,
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      try {
        let offset = 0;
        while (offset < chunk.length) {
          const need = header ? HEADER_SIZE + header.payloadLength + TAG_SIZE : HEADER_SIZE;
          const copied = chunk.copy(buffer, filled, offset, offset + (need - filled));
          filled += copied;
          offset += copied;
          if (filled < need) break;
          if (!header) {
            header = decodeHeader(buffer.subarray(0, HEADER_SIZE));
            continue;
          }
          const plain = open(buffer.subarray(0, need), header);
          header = undefined;
          filled = 0;
          emit(this, plain);
        }
        callback();
      } catch (err) {
        callback(asError(err));
      }
    },
    flush(callback: TransformCallback) {
      callback(endOfInputError());
    },
  });

  function endOfInputError(): CryptoError | null {
    if (filled > 0) return new CryptoError('Truncated', 'encrypted data ends inside a package');
    if (take !== undefined) {
      return takeLeft > 0
        ? new CryptoError('Truncated', 'encrypted data ends before the requested range')
        : null;
    }
    if (totalPackages !== undefined) {
      return sequence < totalPackages ? new CryptoError('Truncated', 'encrypted object ends early') : null;
    }
    // Without a recorded size only the FINAL flag tells; zero packages from 0 is an empty object.
    const sawPackages = sequence > firstPackage;
    return (sawPackages || firstPackage > 0) && !sawFinal
      ? new CryptoError('Truncated', 'encrypted object ends without its final package')
      : null;
  }
}

/** The sequence number of the last package the input may hold, when the options say. */
function lastPackageNeeded(
  firstPackage: number,
  skip: number,
  take: number | undefined,
  totalPackages: number | undefined,
): number | undefined {
  let last: number | undefined;
  if (take !== undefined) last = firstPackage + Math.ceil((skip + take) / PACKAGE_SIZE) - 1;
  else if (totalPackages !== undefined) last = totalPackages - 1;
  if (last !== undefined && totalPackages !== undefined && last >= totalPackages) {
    throw new RangeError(`decryptStream: the range reaches package ${last} of ${totalPackages}`);
  }
  return last;
}

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new RangeError(`encryption key must be ${KEY_BYTES} bytes`);
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new CryptoError('Corrupt', String(err));
}
