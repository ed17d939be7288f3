import { describe, expect, it } from 'vitest';
import { decodeObjectRecord } from './object-record.js';
import { packRecord } from './record.js';
import { decodeUploadRecord } from './upload-record.js';

// The records that name a shard checksum, as earlier stores wrote them and as this one does.

const layout = (bitrot: string) => ({
  id: 'd1',
  data: 2,
  parity: 2,
  index: 1,
  blockSize: 1048576,
  bitrot,
  parts: [{ number: 1, size: 10, etag: 'e', file: 'part.1' }],
});
const version = (bitrot: string) => ({
  id: 'null',
  mod: 1,
  size: 10,
  etag: 'e',
  contentType: 'text/plain',
  userMeta: {},
  headers: {},
  internal: {},
  data: layout(bitrot),
});
const upload = (v: number, extra: Record<string, unknown> = {}) => ({
  v,
  initiated: 1,
  dataId: 'd1',
  data: 2,
  parity: 2,
  index: 0,
  blockSize: 1048576,
  meta: { contentType: 'text/plain', userMeta: {}, headers: {}, internal: {} },
  parts: [],
  ...extra,
});

describe('object records and their checksum', () => {
  it('reads a version 3 record (SHA-256) as it is, and a version 4 one with HighwayHash', () => {
    const v3 = decodeObjectRecord(packRecord({ v: 3, versions: [version('sha256')] }));
    expect(v3.versions[0]?.data?.bitrot).toBe('sha256');
    const v4 = decodeObjectRecord(packRecord({ v: 4, versions: [version('highwayhash256')] }));
    expect(v4.versions[0]?.data?.bitrot).toBe('highwayhash256');
  });

  it('refuses an unknown checksum, and a record from a newer store', () => {
    expect(() => decodeObjectRecord(packRecord({ v: 4, versions: [version('crc32')] }))).toThrow(
      /unknown bitrot "crc32"/,
    );
    expect(() => decodeObjectRecord(packRecord({ v: 6, versions: [] }))).toThrow(/upgrade Stowage/);
  });
});

describe('upload records and their checksum', () => {
  it('reads a version 1 upload (no checksum named) as SHA-256, its parts having been written so', () => {
    expect(decodeUploadRecord(packRecord(upload(1))).bitrot).toBe('sha256');
  });

  it('reads the checksum a version 2 upload names, and refuses a missing or unknown one', () => {
    expect(decodeUploadRecord(packRecord(upload(2, { bitrot: 'highwayhash256' }))).bitrot).toBe(
      'highwayhash256',
    );
    expect(() => decodeUploadRecord(packRecord(upload(2)))).toThrow(/unknown bitrot/);
    expect(() => decodeUploadRecord(packRecord(upload(2, { bitrot: 'none' })))).toThrow(/unknown bitrot/);
    expect(() => decodeUploadRecord(packRecord(upload(4, { bitrot: 'sha256' })))).toThrow(/upgrade Stowage/);
  });
});
