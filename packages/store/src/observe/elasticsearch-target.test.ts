import { describe, expect, it } from 'vitest';
import { documentId } from './elasticsearch-target.js';

describe('Elasticsearch document ids', () => {
  it("are MinIO's: HighwayHash-256 with a zero key, base64url with padding", async () => {
    // Computed by github.com/minio/highwayhash 1.0.2 (Debian's golang-github-minio-highwayhash-dev)
    // as MinIO's getESDocID does: highwayhash.New(make([]byte, 32)), base64.URLEncoding.
    expect(await documentId('bucket/object')).toBe('hHITpqz5HtoN-1GoOM7xnoil42C-x3vHzl0DRv4glMk=');
    expect(await documentId('photos/été 2024/a rather long key name that spans packets.jpg')).toBe(
      'muNnksCwFYKtTyGhnl4XIkLRfwJGDbawZZ857WN4lAw=',
    );
    expect(await documentId('bucket/object')).not.toBe(await documentId('bucket/object2'));
  });
});
