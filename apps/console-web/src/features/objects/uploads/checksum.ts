import type { UploadChecksumAlgorithm } from '@stowage/contract';

// Part checksums the store verifies (x-amz-checksum-sha256). WebCrypto has SHA-256 but no
// CRC32C, and exists only in secure contexts (https, localhost): elsewhere parts go without.

export function checksumAlgorithm(): UploadChecksumAlgorithm | undefined {
  return typeof crypto !== 'undefined' && crypto.subtle ? 'SHA256' : undefined;
}

export async function partChecksum(part: Blob): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await part.arrayBuffer()));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary);
}
