import { createHash } from 'node:crypto';
import { canonicalQuery, goCanonicalQuery } from '@stowage/madmin';
import { describe, expect, it } from 'vitest';
import { verifySignature } from './common.js';

// The canonical query string clients sign with: SigV4's order (botocore, the AWS SDKs) or
// Go's url.Values order (minio-go, MinIO). They differ for repeated and non-ASCII names.
const sign = (query: string, headers = 'host:h\n') =>
  createHash('sha256')
    .update(query + headers)
    .digest('hex');
// One header reading (ASCII headers), or two (UTF-8 bytes, read as text and as sent).
const readings = ['host:h\n', 'x-amz-meta-a:caf\u00c3\u00a9\n'];
const query: [string, string][] = [
  ['prefix', 'b'],
  ['prefix', 'a'],
  ['xé', '1'],
  ['x~', '2'],
];

describe('canonical query order', () => {
  it('SigV4 sorts encoded pairs by name, then value; Go keeps the values as sent', () => {
    expect(canonicalQuery(query)).toBe('prefix=a&prefix=b&x%C3%A9=1&x~=2');
    expect(goCanonicalQuery(query)).toBe('prefix=b&prefix=a&x~=2&x%C3%A9=1');
  });

  it('a signature over either order and either header reading is accepted; any other is SignatureDoesNotMatch, counted once', () => {
    const failures: string[] = [];
    const identity = { accessKey: 'ak', secretKey: 'sk', kind: 'user' as const, parent: 'ak' };
    const signer = {
      identity,
      opts: {
        service: 's3' as const,
        lookup: () => identity,
        now: new Date(),
        client: '192.0.2.1',
        guard: { admit() {}, failed: (client: string, key: string) => failures.push(`${client} ${key}`) },
      },
    };
    expect(verifySignature(sign(canonicalQuery(query)), query, readings, sign, signer)).toBe(
      sign(canonicalQuery(query)),
    );
    expect(verifySignature(sign(goCanonicalQuery(query), readings[1]), query, readings, sign, signer)).toBe(
      sign(goCanonicalQuery(query), readings[1]),
    );
    expect(failures).toEqual([]);
    expect(() => verifySignature(sign('prefix=b'), query, readings, sign, signer)).toThrow(
      expect.objectContaining({ code: 'SignatureDoesNotMatch' }),
    );
    expect(failures).toEqual(['192.0.2.1 ak']);
  });
});
