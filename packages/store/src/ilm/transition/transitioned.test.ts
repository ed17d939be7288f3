import { describe, expect, it } from 'vitest';
import type { ObjectInfo } from '../../engine/object-layer.js';
import {
  onlyRemote,
  remoteOf,
  restoreExpiry,
  transitionValues,
  withTransitionedLayout,
} from './transitioned.js';

const info = (over: Partial<ObjectInfo> = {}): ObjectInfo => ({
  bucket: 'b',
  key: 'k',
  versionId: 'null',
  isLatest: true,
  deleteMarker: false,
  size: 10,
  storedSize: 42,
  etag: 'e',
  contentType: 'text/plain',
  userMeta: {},
  headers: {},
  modTime: new Date(0),
  tags: '',
  internal: {},
  parts: [{ number: 1, size: 10, storedSize: 42, etag: 'p', internal: {} }],
  ...over,
});

describe('transitioned versions', () => {
  it('keeps where the data went and the layout it had, and gives the layout back', () => {
    const before = info();
    const values = transitionValues(before, { tier: 'COLD', object: 'h/aa/bb/id' });
    const released = info({ internal: values, parts: [], storedSize: 0 });
    expect(remoteOf(released)).toEqual({ tier: 'COLD', object: 'h/aa/bb/id' });
    expect(onlyRemote(released)).toBe(true);
    const shown = withTransitionedLayout(released);
    expect(shown.parts).toEqual(before.parts);
    expect(shown.storedSize).toBe(42);
    // A restored copy keeps parts here: not only remote.
    expect(onlyRemote(info({ internal: values }))).toBe(false);
    expect(remoteOf(before)).toBeUndefined();
    expect(withTransitionedLayout(before)).toBe(before);
  });

  it('rounds a restore expiry up to the midnight UTC after the days asked for', () => {
    expect(restoreExpiry(new Date('2026-03-01T10:20:30Z'), 1).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(restoreExpiry(new Date('2026-03-01T00:00:00Z'), 2).toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(restoreExpiry(new Date('2026-12-31T23:59:59Z'), 1).toISOString()).toBe('2027-01-02T00:00:00.000Z');
  });
});
