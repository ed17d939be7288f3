import { describe, expect, it } from 'vitest';
import type { ObjectRecord, VersionRecord } from '../../format/object-record.js';
import type { DriveAnswer } from './quorum.js';
import { mergeRecords } from './versions.js';

// How the drives' records of one key merge: a version counts when read quorum holds it.

const version = (id: string, mod: number, dataId = `d-${id}`): VersionRecord => ({
  id,
  mod,
  size: 1,
  etag: 'e',
  contentType: 'text/plain',
  userMeta: {},
  headers: {},
  internal: {},
  data: { id: dataId, data: 2, parity: 2, index: 0, blockSize: 1024, bitrot: 'highwayhash256', parts: [] },
});
const holding = (...versions: VersionRecord[]): DriveAnswer<ObjectRecord> => ({ value: { v: 5, versions } });
const ids = (answers: DriveAnswer<ObjectRecord>[]) => {
  const m = mergeRecords(answers, 2);
  return {
    versions: m.versions.map((g) => g.version.id),
    complete: m.complete,
    held: m.versions.map((g) => g.holders.map((h) => h !== undefined)),
  };
};

describe('mergeRecords', () => {
  const a = version('null', 10);
  const b = version('null', 20);

  it('one version on every drive: complete, held everywhere', () => {
    expect(ids([holding(a), holding({ ...a }), holding({ ...a }), holding({ ...a })])).toEqual({
      versions: ['null'],
      complete: true,
      held: [[true, true, true, true]],
    });
  });

  it('a drive with an older copy of the null version: the newer wins, heal is due', () => {
    expect(ids([holding(b), holding({ ...b }), holding({ ...b }), holding(a)])).toEqual({
      versions: ['null'],
      complete: false,
      held: [[true, true, true, false]],
    });
  });

  it('offline and absent drives: the version still counts on read quorum; only absence calls for heal', () => {
    expect(ids(['offline', holding(a), holding({ ...a }), 'offline'])).toMatchObject({
      versions: ['null'],
      complete: true,
    });
    expect(ids(['absent', holding(a), holding({ ...a }), holding({ ...a })])).toMatchObject({
      versions: ['null'],
      complete: false,
    });
    expect(ids(['error', holding(a), 'absent', 'absent'])).toMatchObject({ versions: [], complete: false });
  });

  it('a version on one drive only (a write that missed quorum) is not seen', () => {
    const other = version('null', 30, 'd-other');
    expect(ids([holding(other), holding(a), holding({ ...a }), holding({ ...a })])).toMatchObject({
      versions: ['null'],
      complete: false,
    });
    expect(
      mergeRecords([holding(other), holding(a), holding({ ...a }), holding({ ...a })], 2).versions[0]!.version
        .mod,
    ).toBe(10);
  });
});
