import { ApiError } from '../../wire/errors.js';
import type { S3RequestParts } from '../router.js';

// Input rules the store adds on top of the engine's (length, NUL, dot segments).

// Bidi controls (U+202A–U+202E, U+2066–U+2069) make a key display differently from what it
// is ("Trojan Source"), so a listing could disguise one object as another. They are refused
// with MinIO's code for unsupported object names (400), which its clients already handle.
const BIDI = /[\u202a-\u202e\u2066-\u2069]/;

export function assertKeyCharacters(key: string): void {
  if (BIDI.test(key))
    throw new ApiError('XMinioInvalidObjectName', 'Object name contains Unicode bidirectional controls.');
}

/** AWS limits user metadata to 2 KiB: the UTF-8 bytes of every x-amz-meta-* name (sans prefix) and value. */
export const MAX_USER_METADATA_BYTES = 2048;

/** AWS limits a PUT's headers to 8 KiB ("The PUT request header is limited to 8 KB"), as MinIO does. */
export const MAX_PUT_HEADER_BYTES = 8192;

export function assertMetadataSize(headers: S3RequestParts['headers']): void {
  let user = 0;
  let all = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    // Header values hold one character per byte received (see headerBytes): their length is
    // the byte count, where a UTF-8 count would take each byte past 0x7f as two.
    const text = Array.isArray(value) ? value.join(',') : value;
    all += name.length + text.length;
    if (name.startsWith('x-amz-meta-')) user += name.length - 11 + text.length;
  }
  if (user > MAX_USER_METADATA_BYTES || all > MAX_PUT_HEADER_BYTES) throw new ApiError('MetadataTooLarge');
}
