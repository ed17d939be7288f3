import { HighwayHash } from 'highwayhasher';

// HighwayHash-256 (highwayhasher: its native addon where one is built for the platform,
// WebAssembly elsewhere; either several times SHA-256's speed here), keyed as MinIO keys it:
// its bitrot checksums and its Elasticsearch document ids both use this key, the HH-256 of
// the first 100 decimals of π under a zero key (cmd/bitrot.go).

export const MINIO_HIGHWAY_KEY = Buffer.from(
  '4be734fa8e238acd263e83e6bb968552040f935da39f441497e09d1322de36a0',
  'hex',
);

// Loaded once, when this module is first imported: every use after that is synchronous.
const highway = await HighwayHash.loadModule();

/** The 32-byte HighwayHash-256 of `data` under MinIO's key. */
export function highwayHash256(data: Uint8Array): Buffer {
  const digest = highway.hash256(MINIO_HIGHWAY_KEY, data);
  return Buffer.from(digest.buffer, digest.byteOffset, digest.byteLength);
}
