import { describe, expect, it } from 'vitest';
import {
  canSave,
  EMPTY_FORM,
  exactUnit,
  type FormChange,
  reduceForm,
  toRequest,
} from './createBucketForm.js';

const apply = (...changes: FormChange[]) => changes.reduce(reduceForm, EMPTY_FORM);

describe('Create Bucket rules (spec 001 §4, §5)', () => {
  it('retention can be on only with versioning, and forces locking on and keeps it on', () => {
    expect(apply({ kind: 'retention', retention: { enabled: true } }).retention.enabled).toBe(false);
    const on = apply({ kind: 'versioning', on: true }, { kind: 'retention', retention: { enabled: true } });
    expect(on.retention.enabled).toBe(true);
    expect(on.locking).toBe(true);
    expect(reduceForm(on, { kind: 'locking', on: false }).locking).toBe(true);
  });

  it('versioning or retention off resets retention to compliance, days, 1', () => {
    const set = apply(
      { kind: 'versioning', on: true },
      { kind: 'retention', retention: { enabled: true, mode: 'governance', unit: 'years', validity: '5' } },
    );
    for (const off of [
      reduceForm(set, { kind: 'versioning', on: false }),
      reduceForm(set, { kind: 'retention', retention: { enabled: false } }),
    ])
      expect(off.retention).toEqual({ enabled: false, mode: 'compliance', unit: 'days', validity: '1' });
  });

  it('locking turns versioning on', () => {
    expect(apply({ kind: 'locking', on: true }).versioning).toBe(true);
  });

  it('Save needs a name, a non-zero quota size and a validity of at least 1', () => {
    expect(canSave(EMPTY_FORM)).toBe(false);
    const named = apply({ kind: 'name', name: 'photos' });
    expect(canSave(named)).toBe(true);
    expect(canSave(reduceForm(named, { kind: 'quota', quota: { enabled: true, size: '0' } }))).toBe(false);
    expect(canSave(reduceForm(named, { kind: 'quota', quota: { enabled: true, size: '' } }))).toBe(false);
    const retained = apply(
      { kind: 'name', name: 'photos' },
      { kind: 'versioning', on: true },
      { kind: 'retention', retention: { enabled: true, validity: '0' } },
    );
    expect(canSave(retained)).toBe(false);
    expect(canSave(reduceForm(retained, { kind: 'retention', retention: { validity: '3' } }))).toBe(true);
  });

  it('sends quota in bytes and retention only in distributed mode', () => {
    const form = apply(
      { kind: 'name', name: ' photos ' },
      { kind: 'versioning', on: true },
      { kind: 'quota', quota: { enabled: true, size: '2', unit: 'GiB', type: 'fifo' } },
      { kind: 'retention', retention: { enabled: true, validity: '30' } },
    );
    expect(toRequest(form, true)).toEqual({
      name: 'photos',
      versioning: true,
      locking: true,
      quota: { enabled: true, quota_type: 'fifo', amount: 2 * 1024 ** 3 },
      retention: { mode: 'compliance', unit: 'days', validity: 30 },
    });
    expect(toRequest(form, false)).toEqual({ name: 'photos' });
  });
});

describe('quota units', () => {
  it('shows the largest binary unit that divides the quota exactly', () => {
    expect(exactUnit(5 * 1024 ** 4)).toEqual({ size: 5, unit: 'TiB' });
    expect(exactUnit(1536 * 1024 ** 2)).toEqual({ size: 1536, unit: 'MiB' });
    expect(exactUnit(1000)).toEqual({ size: 1000, unit: 'B' });
  });
});
