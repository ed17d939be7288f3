import { describe, expect, it } from 'vitest';
import { type DriveEntry, decodeDrivePart, encodeDrivePart } from './drive-part.js';
import { packRecord, RecordFormatError, unpackAny } from './record.js';

describe('drive parts of object records', () => {
  const shard = (n: number) => Buffer.alloc(n, 7);

  it('round-trips every size of list and inline shard, as MessagePack a general decoder reads', () => {
    const cases: DriveEntry[][] = [
      [],
      [null, [3, null], [0, shard(0)], [1, shard(255)]],
      [
        [2, shard(256)],
        [2, shard(70_000)],
      ],
      Array.from({ length: 20 }, (_, i) => (i % 3 === 0 ? null : [i % 4, i % 2 ? shard(i) : null])),
    ];
    for (const entries of cases) {
      const bytes = encodeDrivePart(entries);
      expect(decodeDrivePart(bytes)).toEqual(entries);
      expect(unpackAny(bytes, 'x')).toEqual(entries);
      expect(bytes.equals(packRecord(entries))).toBe(true);
    }
  });

  it('copies inline shards out of the bytes read', () => {
    const bytes = encodeDrivePart([[0, shard(10)]]);
    const [entry] = decodeDrivePart(bytes);
    bytes.fill(0);
    expect(entry?.[1]).toEqual(shard(10));
  });

  it('refuses truncated, trailing and foreign bytes', () => {
    const good = encodeDrivePart([[1, shard(300)], null]);
    for (const bad of [
      good.subarray(0, good.length - 1),
      good.subarray(0, 3),
      Buffer.concat([good, Buffer.from([0xc0])]),
      packRecord({ a: 1 }),
      packRecord([[1, 'text']]),
      packRecord([[200, null]]),
    ])
      expect(() => decodeDrivePart(bad)).toThrow(RecordFormatError);
  });
});
