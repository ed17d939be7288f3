import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../../components/dateParts.js';
import {
  canSaveLifecycle,
  dateText,
  type LifecycleDraft,
  tierNames,
  toAddRequest,
  whenText,
} from './lifecycleRules.js';

const draft = (over: Partial<LifecycleDraft> = {}): LifecycleDraft => ({
  type: 'expiry',
  prefix: '',
  tags: '',
  when: 'days',
  days: '',
  date: undefined,
  storageClass: null,
  ...over,
});

describe('lifecycle table formatting', () => {
  it('shows days as "N day(s)", blanks the zero date', () => {
    expect(whenText({ days: 30 })).toBe('30 day(s)');
    expect(whenText({ date: '2030-05-01T00:00:00Z' })).toBe('2030-05-01');
    expect(dateText('0001-01-01T00:00:00Z')).toBe('');
    expect(whenText(undefined)).toBe('');
  });

  it('names tiers by their type key', () => {
    expect(
      tierNames([
        { type: 's3', s3: { name: 'COLD' } },
        { type: 'minio', minio: { name: 'WARM' } },
      ]),
    ).toEqual(['COLD', 'WARM']);
  });
});

describe('Add Lifecycle Rule, Save (spec 001 §5)', () => {
  it('expiry: days of at least 1, or a real date', () => {
    expect(canSaveLifecycle(draft({ days: '0' }))).toBe(false);
    expect(canSaveLifecycle(draft({ days: '1' }))).toBe(true);
    expect(canSaveLifecycle(draft({ when: 'date' }))).toBe(false);
    expect(canSaveLifecycle(draft({ when: 'date', date: { year: 2031, month: 2, day: 30 } }))).toBe(false);
    expect(canSaveLifecycle(draft({ when: 'date', date: { year: 2032, month: 2, day: 29 } }))).toBe(true);
  });

  it('transition: also a storage class', () => {
    expect(canSaveLifecycle(draft({ type: 'transition', days: '5' }))).toBe(false);
    expect(canSaveLifecycle(draft({ type: 'transition', days: '5', storageClass: 'COLD' }))).toBe(true);
  });

  it('round-trips calendar dates', () => {
    expect(isCalendarDate(2031, 4, 31)).toBe(false);
    expect(isCalendarDate(2031, 4, 30)).toBe(true);
  });

  it('sends dates at 23:59:59Z and only the fields of its type', () => {
    expect(
      toAddRequest(
        draft({
          type: 'transition',
          when: 'date',
          date: { year: 2031, month: 3, day: 5 },
          storageClass: 'COLD',
          prefix: ' logs/ ',
          tags: 'a=1',
        }),
      ),
    ).toEqual({
      type: 'transition',
      prefix: 'logs/',
      tags: 'a=1',
      transition_date: '2031-03-05T23:59:59Z',
      storage_class: 'COLD',
    });
    expect(toAddRequest(draft({ days: '7' }))).toEqual({ type: 'expiry', expiry_days: 7 });
  });
});
