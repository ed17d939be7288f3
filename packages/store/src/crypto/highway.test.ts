import { describe, expect, it } from 'vitest';
import { highwayHash256 } from './highway.js';

describe('HighwayHash-256 under MinIO key', () => {
  it("matches Go's github.com/minio/highwayhash with MinIO's magic key", () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i & 0xff);
    expect(highwayHash256(bytes).toString('hex')).toBe(
      '3bc80e2dbb8d23894771a3bad540edbc0530a0f42f1ddeeb5a17765ac5a3a3a8',
    );
    expect(highwayHash256(new Uint8Array(0))).toHaveLength(32);
  });
});
