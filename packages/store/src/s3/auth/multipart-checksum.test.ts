import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { running } from './checksum.js';
import { combinedChecksum, uploadChecksum } from './multipart-checksum.js';

const b64 = (alg: string, data: Buffer) => {
  const r = running(alg)!;
  r.update(data);
  return r.digest().toString('base64');
};

describe('combinedChecksum', () => {
  it.each(['crc32', 'crc32c', 'crc64nvme'])('FULL_OBJECT %s equals the CRC of the whole object', (alg) => {
    const parts = [randomBytes(5000), randomBytes(1), randomBytes(70_000), randomBytes(5000)];
    const whole = b64(alg, Buffer.concat(parts));
    expect(
      combinedChecksum(
        alg,
        'FULL_OBJECT',
        parts.map((p) => ({ checksum: b64(alg, p), size: p.length })),
      ),
    ).toBe(whole);
  });

  it("COMPOSITE is the checksum of the parts' checksums, with the part count", () => {
    const parts = [Buffer.from('hello '), Buffer.from('world')];
    const raw = parts.map((p) => createHash('sha256').update(p).digest());
    const expected = `${createHash('sha256').update(Buffer.concat(raw)).digest('base64')}-2`;
    expect(
      combinedChecksum(
        'sha256',
        'COMPOSITE',
        parts.map((p) => ({ checksum: b64('sha256', p), size: p.length })),
      ),
    ).toBe(expected);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat(parts.map((p) => Buffer.from(b64('crc32', p), 'base64')))) >>> 0);
    expect(
      combinedChecksum(
        'crc32',
        'COMPOSITE',
        parts.map((p) => ({ checksum: b64('crc32', p), size: p.length })),
      ),
    ).toBe(`${crc.toString('base64')}-2`);
  });
});

describe('uploadChecksum', () => {
  it('defaults the type by algorithm and refuses what S3 refuses', () => {
    expect(uploadChecksum('CRC32', undefined)).toEqual({ algorithm: 'crc32', type: 'COMPOSITE' });
    expect(uploadChecksum('CRC64NVME', undefined)).toEqual({ algorithm: 'crc64nvme', type: 'FULL_OBJECT' });
    expect(uploadChecksum('CRC32C', 'FULL_OBJECT')).toEqual({ algorithm: 'crc32c', type: 'FULL_OBJECT' });
    expect(uploadChecksum(undefined, undefined)).toBeUndefined();
    for (const [alg, type] of [
      ['MD5', undefined],
      ['SHA256', 'FULL_OBJECT'],
      ['CRC64NVME', 'COMPOSITE'],
      ['CRC32', 'PARTIAL'],
      [undefined, 'COMPOSITE'],
    ])
      expect(() => uploadChecksum(alg, type), `${alg} ${type}`).toThrow();
  });
});
