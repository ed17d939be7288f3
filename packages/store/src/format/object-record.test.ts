import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  commonVersion,
  decodeObjectRecord,
  encodeObjectRecord,
  type ObjectRecord,
  RecordCodec,
  type VersionRecord,
} from './object-record.js';
import { packRecord, RecordFormatError, unpackRecord } from './record.js';
import { frameSections, recordSections } from './record-sections.js';

// Version 5 records: the part every drive holds byte for byte, and each drive's own.

const base: VersionRecord = {
  id: '9a2f3c1e-0b4d-4e6f-8a1b-2c3d4e5f6a7b',
  mod: 1_700_000_000_000,
  size: 10,
  etag: 'e',
  contentType: 'text/plain',
  userMeta: { colour: 'blue' },
  headers: { 'cache-control': 'no-cache' },
  internal: { sse: 'S3' },
  tags: 'a=1',
  retention: { mode: 'GOVERNANCE', until: 1_800_000_000_000 },
  legalHold: true,
  data: {
    id: 'd1',
    data: 2,
    parity: 2,
    index: 0,
    blockSize: 1048576,
    bitrot: 'highwayhash256',
    parts: [{ number: 1, size: 10, etag: 'e', actualSize: 9 }],
    inline: Buffer.from('shard-0'),
  },
};
const inFiles: VersionRecord = {
  ...base,
  id: 'null',
  mod: base.mod - 1,
  data: {
    ...base.data!,
    id: 'd0',
    inline: undefined,
    // A multipart object's parts: the first kept its declared checksum, the second none.
    parts: [
      { number: 1, size: 6, etag: 'e', file: 'part.1', internal: { 'checksum-crc32c': 'yZRlqg==' } },
      { number: 2, size: 4, etag: 'f', file: 'part.2' },
    ],
  },
};
delete inFiles.data!.inline;
const marker: VersionRecord = {
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  mod: base.mod - 2,
  deleteMarker: true,
  size: 0,
  etag: '',
  contentType: '',
  userMeta: {},
  headers: {},
  internal: {},
};

/** Drive i's copy: its own shard index and inline shard. */
function copyOn(i: number, v: VersionRecord): VersionRecord {
  if (!v.data) return v;
  const data = { ...v.data, index: i };
  if (v.data.inline) data.inline = Buffer.from(`shard-${i}`);
  return { ...v, data };
}
const recordOn = (i: number): ObjectRecord => ({
  v: 5,
  versions: [base, inFiles, marker].map((v) => copyOn(i, v)),
});

describe('object records, version 5', () => {
  it('gives every drive the same common part and its own index and inline shard back', () => {
    const codec = new RecordCodec();
    const encoded = [0, 1, 2, 3].map((i) => codec.encode(recordOn(i)));
    const commons = encoded.map((b) => recordSections(b)!.common);
    for (const c of commons) expect(c.equals(commons[0]!)).toBe(true);
    encoded.forEach((bytes, i) => {
      expect(decodeObjectRecord(bytes)).toEqual(recordOn(i));
      expect(new RecordCodec().decode(bytes)).toEqual(codec.decode(bytes));
    });
  });

  it('encodes equal versions to equal bytes whatever order their keys were set in', () => {
    const reordered = Object.fromEntries(Object.entries(base).reverse()) as unknown as VersionRecord;
    const a = encodeObjectRecord({ v: 5, versions: [base] });
    const b = encodeObjectRecord({ v: 5, versions: [reordered] });
    expect(recordSections(a)!.common.equals(recordSections(b)!.common)).toBe(true);
  });

  it('keeps every field of a version but the drive-specific ones in the common part', () => {
    expect(Object.keys(commonVersion(base)).sort()).toEqual(
      Object.keys(base)
        .filter((k) => (base as unknown as Record<string, unknown>)[k] !== undefined)
        .sort(),
    );
    expect(Object.keys(commonVersion(base).data as object).sort()).toEqual(
      Object.keys(base.data!)
        .filter((k) => k !== 'index')
        .sort(),
    );
  });

  it('reads a version 4 record and writes it again as version 5', () => {
    const v4 = packRecord({ v: 4, versions: recordOn(2).versions });
    const read = decodeObjectRecord(v4);
    expect(read).toEqual(recordOn(2));
    expect(decodeObjectRecord(encodeObjectRecord(read))).toEqual(recordOn(2));
  });

  it('reads a version 4 record an earlier store wrote (fixture), and keeps it whole as version 5', () => {
    const fixture = JSON.parse(
      readFileSync(new URL('../../test/fixtures/object-record-v4.json', import.meta.url), 'utf8'),
    ) as { base64: string };
    const old = decodeObjectRecord(Buffer.from(fixture.base64, 'base64'));
    expect(
      old.versions.map((v) => [v.id === 'null' ? 'null' : 'uuid', v.deleteMarker === true, v.data?.bitrot]),
    ).toEqual([
      ['uuid', false, 'highwayhash256'],
      ['uuid', true, undefined],
      ['null', false, 'sha256'],
    ]);
    const [inline, , files] = old.versions;
    expect(inline!.data!.index).toBe(1);
    expect(Buffer.from(inline!.data!.inline!).toString('latin1')).toMatch(/SHARD1$/);
    expect(inline).toMatchObject({ tags: 'a=1', legalHold: true, userMeta: { colour: 'blue' } });
    expect(files).toMatchObject({
      retention: { mode: 'GOVERNANCE', until: 1_800_000_000_000 },
      internal: { sse: 'S3' },
    });
    expect(files!.data!.parts[0]!.file).toBe('part.1');
    const rewritten = encodeObjectRecord(old);
    expect(recordSections(rewritten)).toBeDefined();
    expect(decodeObjectRecord(rewritten)).toEqual(old);
  });

  it('is a MessagePack map naming its version, so that an older store asks to be upgraded', () => {
    expect(unpackRecord(encodeObjectRecord(recordOn(0)), 'record').v).toBe(5);
    expect(() => decodeObjectRecord(packRecord({ v: 5, versions: [] }))).toThrow(/without its sections/);
  });

  it('refuses to write a retention date that is not a time (it could never be read back)', () => {
    for (const until of [Number.NaN, Number.POSITIVE_INFINITY, 1.5])
      expect(() =>
        encodeObjectRecord({ v: 5, versions: [{ ...base, retention: { mode: 'COMPLIANCE', until } }] }),
      ).toThrow(RecordFormatError);
  });

  it('refuses damaged records', () => {
    const good = encodeObjectRecord(recordOn(1));
    const { common, drive } = recordSections(good)!;
    const damaged = [
      good.subarray(0, good.length - 1),
      frameSections(common, packRecord([null, null, null])),
      frameSections(common, packRecord([[1, null], [1, Buffer.from('x')], null])),
      frameSections(common, packRecord([[9, Buffer.from('x')], [1, null], null])),
      frameSections(packRecord([{ id: 'x' }]), drive),
      frameSections(Buffer.from([0xc1]), drive),
    ];
    for (const bytes of damaged) expect(() => decodeObjectRecord(bytes)).toThrow(RecordFormatError);
  });
});
