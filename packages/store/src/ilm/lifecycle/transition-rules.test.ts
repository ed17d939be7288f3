import { describe, expect, it } from 'vitest';
import { lifecycleRules } from './rules.js';
import { at, doc, rule, version } from './test-support.js';
import { transitionDue } from './transition-rules.js';

describe('transitionDue', () => {
  it('moves the current version Days after its creation (midnight UTC), or on the Date', () => {
    const byDays = lifecycleRules(
      doc(
        rule(
          '<Filter><Prefix>logs/</Prefix></Filter><Transition><Days>2</Days><StorageClass>WARM</StorageClass></Transition>',
        ),
      ),
    );
    expect(transitionDue(byDays, version(), at('2026-01-12T23:59:59Z'))).toBeUndefined();
    expect(transitionDue(byDays, version(), at('2026-01-13T00:00:00Z'))).toMatchObject({
      ruleId: 'r',
      tier: 'WARM',
    });
    // The prefix filter: another key is left alone; so is a noncurrent version.
    expect(transitionDue(byDays, version({ key: 'img/a' }), at('2027-01-01T00:00:00Z'))).toBeUndefined();
    expect(
      transitionDue(
        byDays,
        version({ isLatest: false, successorModTime: at('2026-01-11T00:00:00Z') }),
        at('2027-01-01T00:00:00Z'),
      ),
    ).toBeUndefined();
    const byDate = lifecycleRules(
      doc(
        rule(
          '<Filter></Filter><Transition><Date>2026-03-01T00:00:00Z</Date><StorageClass>COLD</StorageClass></Transition>',
        ),
      ),
    );
    expect(transitionDue(byDate, version(), at('2026-02-28T23:00:00Z'))).toBeUndefined();
    expect(transitionDue(byDate, version(), at('2026-03-01T00:00:00Z'))?.tier).toBe('COLD');
  });

  it('matches tags and sizes, and ignores Disabled rules and delete markers', () => {
    const rules = lifecycleRules(
      doc(
        rule(
          '<Filter><And><Prefix></Prefix><Tag><Key>tier</Key><Value>cold</Value></Tag><ObjectSizeGreaterThan>10</ObjectSizeGreaterThan></And></Filter><Transition><Days>0</Days><StorageClass>COLD</StorageClass></Transition>',
        ) +
          rule(
            '<Filter></Filter><Transition><Days>0</Days><StorageClass>OFF</StorageClass></Transition>',
            'off',
            'Disabled',
          ),
      ),
    );
    const now = at('2026-01-10T15:30:00Z');
    expect(transitionDue(rules, version(), now)).toBeUndefined();
    expect(transitionDue(rules, version({ tags: new Map([['tier', 'cold']]) }), now)?.tier).toBe('COLD');
    expect(
      transitionDue(rules, version({ tags: new Map([['tier', 'cold']]), size: 10 }), now),
    ).toBeUndefined();
    expect(
      transitionDue(rules, version({ tags: new Map([['tier', 'cold']]), isDeleteMarker: true }), now),
    ).toBeUndefined();
  });

  it('moves noncurrent versions NoncurrentDays after they became noncurrent, keeping NewerNoncurrentVersions', () => {
    const rules = lifecycleRules(
      doc(
        rule(
          '<Filter></Filter><NoncurrentVersionTransition><NoncurrentDays>1</NoncurrentDays><NewerNoncurrentVersions>1</NewerNoncurrentVersions><StorageClass>COLD</StorageClass></NoncurrentVersionTransition>',
        ),
      ),
    );
    const old = (newerNoncurrent: number) =>
      version({
        isLatest: false,
        successorModTime: at('2026-01-10T15:30:00Z'),
        newerNoncurrent,
        versionCount: 3,
      });
    expect(transitionDue(rules, old(1), at('2026-01-11T23:00:00Z'))).toBeUndefined();
    expect(transitionDue(rules, old(1), at('2026-01-12T00:00:00Z'))?.tier).toBe('COLD');
    expect(transitionDue(rules, old(0), at('2027-01-01T00:00:00Z'))).toBeUndefined();
    // The current version is no business of a noncurrent rule.
    expect(transitionDue(rules, version(), at('2027-01-01T00:00:00Z'))).toBeUndefined();
  });

  it('lets expiry win when both are due, and takes the transition furthest along', () => {
    const both = lifecycleRules(
      doc(
        rule(
          '<Filter></Filter><Expiration><Days>5</Days></Expiration><Transition><Days>1</Days><StorageClass>WARM</StorageClass></Transition><Transition><Days>3</Days><StorageClass>COLD</StorageClass></Transition>',
        ),
      ),
    );
    expect(transitionDue(both, version(), at('2026-01-12T00:00:00Z'))?.tier).toBe('WARM');
    expect(transitionDue(both, version(), at('2026-01-14T00:00:00Z'))?.tier).toBe('COLD');
    expect(transitionDue(both, version(), at('2026-01-16T00:00:00Z'))).toBeUndefined();
  });
});
