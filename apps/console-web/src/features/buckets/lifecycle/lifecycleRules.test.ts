import { describe, expect, it } from 'vitest';
import { isCalendarDate } from '../../../components/dateParts.js';
import {
  actionChanges,
  canSaveEdit,
  canSaveLifecycle,
  dateText,
  draftProblems,
  EMPTY_LIFECYCLE_DRAFT,
  expirationText,
  type LifecycleDraft,
  ruleDraft,
  storageClassText,
  tierNames,
  toAddRequest,
  transitionText,
  whenText,
} from './lifecycleRules.js';

const draft = (over: Partial<LifecycleDraft> = {}): LifecycleDraft => ({
  ...EMPTY_LIFECYCLE_DRAFT,
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

describe('noncurrent versions, delete markers and unfinished uploads (beyond spec 001)', () => {
  it('saves a rule of these actions alone, each field in the contract bounds', () => {
    expect(canSaveLifecycle(draft({ noncurrentDays: '7' }))).toBe(true);
    expect(canSaveLifecycle(draft({ deleteMarker: true }))).toBe(true);
    expect(canSaveLifecycle(draft({ abortDays: '2' }))).toBe(true);
    expect(canSaveLifecycle(draft({ newerVersions: '3' }))).toBe(true);
    // 36500 days is the contract's maximum
    expect(draftProblems(draft({ noncurrentDays: '36501' }))).toEqual({
      noncurrentDays: 'lifecycle.problems.days',
    });
    expect(canSaveLifecycle(draft({ days: '30', noncurrentDays: 'x' }))).toBe(false);
    expect(draftProblems(draft({ newerVersions: '0' }))).toEqual({
      newerVersions: 'lifecycle.problems.versions',
    });
  });

  it('refuses what S3 refuses: uploads with tags; days or a date with delete markers are not sent', () => {
    expect(draftProblems(draft({ abortDays: '2', tags: 'a=1' }))).toEqual({
      abortDays: 'lifecycle.problems.abortWithTags',
    });
    expect(
      toAddRequest(
        draft({ deleteMarker: true, days: '30', noncurrentDays: '7', newerVersions: '3', abortDays: '2' }),
      ),
    ).toEqual({
      type: 'expiry',
      expired_object_delete_marker: true,
      noncurrentversion_expiration_days: 7,
      noncurrentversion_expiration_newer_versions: 3,
      abort_incomplete_multipart_days: 2,
    });
  });

  it('transition: noncurrent versions move to their own tier, or the current one', () => {
    expect(canSaveLifecycle(draft({ type: 'transition', noncurrentDays: '7' }))).toBe(false);
    const own = draft({ type: 'transition', noncurrentDays: '7', noncurrentStorageClass: 'COLD' });
    expect(canSaveLifecycle(own)).toBe(true);
    expect(toAddRequest(own)).toEqual({
      type: 'transition',
      noncurrentversion_transition_days: 7,
      noncurrentversion_transition_storage_class: 'COLD',
    });
    // the expiry-only fields stay out of a transition
    expect(
      toAddRequest(draft({ type: 'transition', days: '5', storageClass: 'WARM', abortDays: '2' })),
    ).toEqual({
      type: 'transition',
      transition_days: 5,
      storage_class: 'WARM',
    });
  });

  it('shows every action in the table cells', () => {
    const t = ((key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`) as never;
    const rule = {
      id: 'r',
      prefix: '',
      status: 'Enabled' as const,
      tags: [],
      expiration: { delete_marker: true, noncurrent_expiration_days: 7, newer_noncurrent_versions: 3 },
      transition: {
        days: 30,
        storage_class: 'COLD',
        noncurrent_transition_days: 5,
        noncurrent_storage_class: 'WARM',
      },
      abort_incomplete_multipart_days: 2,
    };
    expect(expirationText(rule, t)).toBe(
      'lifecycle.cells.deleteMarkers; lifecycle.cells.noncurrent{"when":"7 day(s)"}; lifecycle.cells.keep{"count":3}; lifecycle.cells.uploads{"when":"2 day(s)"}',
    );
    expect(transitionText(rule, t)).toBe('30 day(s); lifecycle.cells.noncurrent{"when":"5 day(s)"}');
    expect(storageClassText(rule)).toBe('COLD, WARM');
  });
});

describe('Edit Lifecycle Configuration, optional actions', () => {
  const rule = {
    id: 'r',
    prefix: '',
    status: 'Enabled' as const,
    tags: [],
    transition: {
      days: 30,
      storage_class: 'COLD',
      noncurrent_transition_days: 5,
      noncurrent_storage_class: 'WARM',
    },
  };

  it('sends nothing for an untouched rule', () => {
    expect(actionChanges(rule, ruleDraft(rule))).toEqual({});
  });

  it('sends changed values and names the emptied fields', () => {
    expect(
      actionChanges(rule, { ...ruleDraft(rule), noncurrentDays: '9', noncurrentStorageClass: null }),
    ).toEqual({
      noncurrentversion_transition_days: 9,
      remove: ['noncurrentversion_transition_storage_class'],
    });
  });

  it('a noncurrent transition needs a tier: its own or the current one', () => {
    const draft = { ...ruleDraft(rule), storageClass: null, noncurrentStorageClass: null };
    expect(canSaveEdit(draft)).toBe(false);
    expect(canSaveEdit({ ...draft, noncurrentDays: '' })).toBe(true);
    expect(canSaveEdit(ruleDraft(rule))).toBe(true);
  });
});
