import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OBJECT_RECORD_VERSION, type ObjectRecord, type VersionRecord } from '../../format/object-record.js';
import { packRecord } from '../../format/record.js';
import { DriveIndex } from './drive-index.js';
import { countersOf, sizeClass } from './usage-counters.js';

const MiB = 1 << 20;
const version = (id: string, size: number, deleteMarker = false): VersionRecord => ({
  id,
  mod: 1_700_000_000_000,
  size,
  etag: deleteMarker ? '' : 'e',
  contentType: 'application/octet-stream',
  userMeta: {},
  headers: {},
  internal: {},
  ...(deleteMarker ? { deleteMarker: true } : {}),
});
const record = (...versions: VersionRecord[]): ObjectRecord => ({ v: OBJECT_RECORD_VERSION, versions });

describe('usage counters', () => {
  it('class sizes as madmin names them, by the latest version of each key', () => {
    expect(
      [0, 1023, 1024, MiB - 1, MiB, 10 * MiB, 64 * MiB, 128 * MiB, 512 * MiB - 1, 512 * MiB].map(sizeClass),
    ).toEqual([0, 0, 1, 1, 2, 3, 4, 5, 5, 6]);
    // An older version counts in bytes and versions, not in the histogram; a marker in neither.
    const c = countersOf(record(version('b', 2 * MiB), version('a', 10)));
    expect([c.objects, c.versions, c.size, c.sizes]).toEqual([1, 2, 2 * MiB + 10, [0, 0, 1, 0, 0, 0, 0]]);
    expect(countersOf(record(version('m', 0, true), version('a', 10))).sizes).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('moves with every record written, and reads version 1 counters with a histogram from the records', async () => {
    const drive = await mkdtemp(join(tmpdir(), 'usage-counters-'));
    try {
      let ix = await DriveIndex.open(drive);
      await ix.writeRecord('b', 'small', undefined, record(version('1', 100)));
      await ix.writeRecord('b', 'big', undefined, record(version('1', 20 * MiB)));
      await ix.writeRecord(
        'b',
        'big',
        record(version('1', 20 * MiB)),
        record(version('2', 3 * MiB), version('1', 20 * MiB)),
      );
      expect(ix.usageOf('b')).toMatchObject({ v: 2, objects: 2, versions: 3, size: 23 * MiB + 100 });
      expect(ix.usageOf('b').sizes).toEqual([1, 0, 1, 0, 0, 0, 0]);
      // The counters as the previous format kept them: no histogram.
      const v1 = { v: 1, objects: 2, versions: 3, deleteMarkers: 0, size: 23 * MiB + 100 };
      await (ix as unknown as { usage: { put(k: Buffer, v: Buffer): Promise<unknown> } }).usage.put(
        Buffer.from('b'),
        packRecord(v1),
      );
      await ix.close();
      ix = await DriveIndex.open(drive);
      expect(ix.usageOf('b')).toEqual({ ...v1, v: 2, sizes: [1, 0, 1, 0, 0, 0, 0] });
      await ix.close();
    } finally {
      await rm(drive, { recursive: true, force: true });
    }
  });
});
