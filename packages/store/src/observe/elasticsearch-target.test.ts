import { describe, expect, it } from 'vitest';
import { documentId } from './elasticsearch-target.js';

describe('Elasticsearch document ids', () => {
  it("are MinIO's: HighwayHash-256 under MinIO's key, base64url with padding", () => {
    // Computed by github.com/minio/highwayhash 1.0.2 (Debian's golang-github-minio-highwayhash-dev)
    // as MinIO's Elasticsearch target does: highwayhash.New(magicHighwayHash256Key), base64.URLEncoding.
    expect(documentId('bucket/object')).toBe('jjhcf1JcZocNIn088vGTyKe1JG9vPQ8bsJPYvsIpbYM=');
    expect(documentId('photos/été 2024/a rather long key name that spans packets.jpg')).toBe(
      '3r3IBGcomvq-7XRib-mQhUET_VA8Ul_2w72UlcyzXC0=',
    );
  });
});
