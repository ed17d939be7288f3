import { describe, expect, test } from 'vitest';
import {
  canAddTag,
  canSaveRetention,
  checkShareDate,
  MAX_SHARE_MS,
  retentionAction,
  shareExpires,
} from './objectRules.js';

const now = new Date(2026, 10, 23, 10, 0, 0);

describe('share date', () => {
  test('today, up to its last second, is in the future', () => {
    const r = checkShareDate({ year: 2026, month: 11, day: 23 }, now);
    expect(r).toEqual({ ok: true, expiresMs: (13 * 3600 + 59 * 60 + 59) * 1000 });
  });
  test('yesterday is refused as not in the future', () => {
    expect(checkShareDate({ year: 2026, month: 11, day: 22 }, now)).toEqual({
      ok: false,
      error: 'notFuture',
    });
  });
  test('six days ahead is allowed; the seventh day ends past 7 days and is refused', () => {
    expect(checkShareDate({ year: 2026, month: 11, day: 29 }, now).ok).toBe(true);
    expect(checkShareDate({ year: 2026, month: 11, day: 30 }, now)).toEqual({ ok: false, error: 'tooLong' });
  });
  test('a date that is not on the calendar is invalid', () => {
    expect(checkShareDate({ year: 2026, month: 11, day: 31 }, now)).toEqual({
      ok: false,
      error: 'invalidDate',
    });
    expect(checkShareDate(undefined, now)).toEqual({ ok: false, error: 'invalidDate' });
  });
  test('lifetimes travel as milliseconds', () => {
    expect(shareExpires(MAX_SHARE_MS)).toBe('604800000ms');
  });
});

describe('object retention', () => {
  const date = { year: 2030, month: 1, day: 2 };
  test('Save needs a mode and a real date while enabled', () => {
    expect(canSaveRetention({ enabled: true, mode: null, date })).toBe(false);
    expect(canSaveRetention({ enabled: true, mode: 'governance', date: undefined })).toBe(false);
    expect(
      canSaveRetention({ enabled: true, mode: 'governance', date: { ...date, month: 2, day: 30 } }),
    ).toBe(false);
    expect(canSaveRetention({ enabled: true, mode: 'compliance', date })).toBe(true);
    expect(canSaveRetention({ enabled: false, mode: null, date: undefined })).toBe(true);
  });
  test('switching governance off deletes it; compliance stays', () => {
    expect(retentionAction({ enabled: false, mode: 'governance', date }, 'governance')).toEqual({
      kind: 'clear',
    });
    expect(retentionAction({ enabled: false, mode: 'compliance', date }, 'compliance')).toEqual({
      kind: 'none',
    });
    expect(retentionAction({ enabled: true, mode: 'governance', date }, undefined)).toEqual({
      kind: 'set',
      mode: 'governance',
      expires: '2030-01-02T23:59:59.000Z',
    });
  });
});

test('a tag needs a key and a value', () => {
  expect(canAddTag('team', 'ops')).toBe(true);
  expect(canAddTag(' ', 'ops')).toBe(false);
  expect(canAddTag('team', '')).toBe(false);
});
