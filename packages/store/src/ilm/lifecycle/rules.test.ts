import { describe, expect, it } from 'vitest';
import { currentExpiry, dueAfterDays, expiryAction, lifecycleRules, uploadAbortDue } from './rules.js';
import { at, doc, rule, version } from './test-support.js';

describe('dueAfterDays', () => {
  it('is the first midnight UTC at least N days after the start, as AWS rounds', () => {
    expect(dueAfterDays(at('2026-01-10T15:30:00Z'), 1)).toEqual(at('2026-01-12T00:00:00Z'));
    expect(dueAfterDays(at('2026-01-10T00:00:00Z'), 1)).toEqual(at('2026-01-12T00:00:00Z'));
    expect(dueAfterDays(at('2026-01-10T23:59:59Z'), 30)).toEqual(at('2026-02-10T00:00:00Z'));
    expect(dueAfterDays(at('2026-01-10T15:30:00Z'), 0)).toEqual(at('2026-01-10T15:30:00Z'));
  });
});

describe('lifecycleRules and expiryAction', () => {
  it('expires the current version after Days, not a moment before', () => {
    const rules = lifecycleRules(
      doc(rule('<Filter><Prefix>logs/</Prefix></Filter><Expiration><Days>1</Days></Expiration>')),
    );
    expect(expiryAction(rules, version(), at('2026-01-11T23:59:59Z'))).toEqual({ kind: 'none' });
    expect(expiryAction(rules, version(), at('2026-01-12T00:00:00Z'))).toEqual({
      kind: 'expire-current',
      ruleId: 'r',
    });
    expect(expiryAction(rules, version({ key: 'data/a' }), at('2027-01-01T00:00:00Z')).kind).toBe('none');
  });

  it('expires by Date, and ignores Disabled rules', () => {
    const rules = lifecycleRules(
      doc(
        rule('<Filter><Prefix></Prefix></Filter><Expiration><Days>1</Days></Expiration>', 'off', 'Disabled') +
          rule(
            '<Filter><Prefix></Prefix></Filter><Expiration><Date>2026-03-01T00:00:00Z</Date></Expiration>',
            'date',
          ),
      ),
    );
    expect(expiryAction(rules, version(), at('2026-02-28T12:00:00Z')).kind).toBe('none');
    expect(expiryAction(rules, version(), at('2026-03-01T00:00:00Z'))).toEqual({
      kind: 'expire-current',
      ruleId: 'date',
    });
  });

  it('matches tags (all of them, in <And>) and sizes strictly', () => {
    const rules = lifecycleRules(
      doc(
        rule(
          '<Filter><And><Prefix>logs/</Prefix><Tag><Key>a</Key><Value>1</Value></Tag><Tag><Key>b</Key><Value>2</Value></Tag><ObjectSizeGreaterThan>10</ObjectSizeGreaterThan><ObjectSizeLessThan>1000</ObjectSizeLessThan></And></Filter><Expiration><Days>1</Days></Expiration>',
        ),
      ),
    );
    const later = at('2027-01-01T00:00:00Z');
    const tags = new Map([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(expiryAction(rules, version({ tags }), later).kind).toBe('expire-current');
    expect(expiryAction(rules, version({ tags: new Map([['a', '1']]) }), later).kind).toBe('none');
    expect(expiryAction(rules, version({ tags, size: 10 }), later).kind).toBe('none');
    expect(expiryAction(rules, version({ tags, size: 1000 }), later).kind).toBe('none');
  });

  it('counts noncurrent days from the successor, and keeps NewerNoncurrentVersions', () => {
    const rules = lifecycleRules(
      doc(
        rule(
          '<Filter><Prefix></Prefix></Filter><NoncurrentVersionExpiration><NoncurrentDays>2</NoncurrentDays><NewerNoncurrentVersions>1</NewerNoncurrentVersions></NoncurrentVersionExpiration>',
        ),
      ),
    );
    const old = (newerNoncurrent: number) =>
      version({
        isLatest: false,
        modTime: at('2025-01-01T00:00:00Z'),
        successorModTime: at('2026-01-10T15:30:00Z'),
        newerNoncurrent,
        versionCount: 3,
      });
    expect(expiryAction(rules, old(1), at('2026-01-12T23:00:00Z')).kind).toBe('none');
    expect(expiryAction(rules, old(1), at('2026-01-13T00:00:00Z')).kind).toBe('remove-version');
    expect(expiryAction(rules, old(0), at('2027-01-01T00:00:00Z')).kind).toBe('none');
    // The current version is no business of a noncurrent rule.
    expect(expiryAction(rules, version(), at('2027-01-01T00:00:00Z')).kind).toBe('none');
  });

  it('removes a delete marker only when it is the last version left', () => {
    const rules = lifecycleRules(
      doc(
        rule(
          '<Filter><Prefix></Prefix></Filter><Expiration><ExpiredObjectDeleteMarker>true</ExpiredObjectDeleteMarker></Expiration>',
        ),
      ),
    );
    const now = at('2026-01-10T16:00:00Z');
    expect(expiryAction(rules, version({ isDeleteMarker: true, versionCount: 1 }), now).kind).toBe(
      'remove-version',
    );
    expect(expiryAction(rules, version({ isDeleteMarker: true, versionCount: 2 }), now).kind).toBe('none');
  });

  it("takes every version with MinIO's ExpiredObjectAllVersions and DelMarkerExpiration", () => {
    const rules = lifecycleRules(
      doc(
        rule(
          '<Filter><Prefix>all/</Prefix></Filter><Expiration><Days>1</Days><ExpiredObjectAllVersions>true</ExpiredObjectAllVersions></Expiration>',
          'all',
        ) +
          rule(
            '<Filter><Prefix></Prefix></Filter><DelMarkerExpiration><Days>2</Days></DelMarkerExpiration>',
            'dm',
          ),
      ),
    );
    const later = at('2026-01-13T00:00:00Z');
    expect(expiryAction(rules, version({ key: 'all/x' }), later)).toEqual({
      kind: 'remove-all-versions',
      ruleId: 'all',
      delMarker: false,
    });
    const marker = version({ key: 'x', isDeleteMarker: true, versionCount: 3 });
    expect(expiryAction(rules, marker, at('2026-01-12T23:00:00Z')).kind).toBe('none');
    expect(expiryAction(rules, marker, later)).toEqual({
      kind: 'remove-all-versions',
      ruleId: 'dm',
      delMarker: true,
    });
  });

  it('aborts uploads DaysAfterInitiation after they began, by prefix', () => {
    const rules = lifecycleRules(
      doc(
        rule(
          '<Filter><Prefix>tmp/</Prefix></Filter><AbortIncompleteMultipartUpload><DaysAfterInitiation>3</DaysAfterInitiation></AbortIncompleteMultipartUpload>',
          'mpu',
        ),
      ),
    );
    const began = at('2026-01-10T15:30:00Z');
    expect(uploadAbortDue(rules, 'tmp/x', began, at('2026-01-13T23:59:00Z'))).toBeUndefined();
    expect(uploadAbortDue(rules, 'tmp/x', began, at('2026-01-14T00:00:00Z'))).toBe('mpu');
    expect(uploadAbortDue(rules, 'keep/x', began, at('2027-01-01T00:00:00Z'))).toBeUndefined();
  });

  it('names the earliest expiry for x-amz-expiration', () => {
    const rules = lifecycleRules(
      doc(
        rule('<Filter><Prefix></Prefix></Filter><Expiration><Days>30</Days></Expiration>', 'late') +
          rule('<Filter><Prefix>logs/</Prefix></Filter><Expiration><Days>7</Days></Expiration>', 'soon'),
      ),
    );
    expect(currentExpiry(rules, version())).toEqual({ at: at('2026-01-18T00:00:00Z'), ruleId: 'soon' });
    expect(lifecycleRules(undefined)).toEqual([]);
  });
});
