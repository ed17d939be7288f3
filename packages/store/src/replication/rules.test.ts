import { describe, expect, it } from 'vitest';
import { replicationRules, rulesFor } from './rules.js';
import { formatStatuses, parseStatuses, shownStatus } from './status.js';

const doc = (rules: string, role = '') =>
  `<ReplicationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Role>${role}</Role>${rules}</ReplicationConfiguration>`;
const rule = (id: string, priority: number, arn: string, filter: string, extra = '') =>
  `<Rule><ID>${id}</ID><Status>Enabled</Status><Priority>${priority}</Priority>${filter}${extra}<Destination><Bucket>${arn}</Bucket></Destination></Rule>`;

describe('replicationRules / rulesFor', () => {
  it('picks, per target, the enabled rule of highest priority whose prefix and tags match', () => {
    const rules = replicationRules(
      doc(
        rule('low', 1, 'arn:t1', '<Filter><Prefix></Prefix></Filter>') +
          rule(
            'high',
            5,
            'arn:t1',
            '<Filter><And><Prefix>logs/</Prefix><Tag><Key>k</Key><Value>v</Value></Tag></And></Filter>',
            '<DeleteMarkerReplication><Status>Enabled</Status></DeleteMarkerReplication>',
          ) +
          rule('other', 2, 'arn:t2', '<Filter><Prefix>logs/</Prefix></Filter>') +
          '<Rule><ID>off</ID><Status>Disabled</Status><Priority>9</Priority><Filter><Prefix></Prefix></Filter><Destination><Bucket>arn:t3</Bucket></Destination></Rule>',
      ),
    );
    expect(rules.map((r) => r.id)).toEqual(['high', 'other', 'low']);
    expect(rulesFor(rules, 'logs/a', 'k=v').map((r) => r.id)).toEqual(['high', 'other']);
    expect(rulesFor(rules, 'logs/a', 'k=w').map((r) => r.id)).toEqual(['other', 'low']);
    expect(rulesFor(rules, 'data/a', '').map((r) => r.id)).toEqual(['low']);
    expect(rules[0]).toMatchObject({ deleteMarkers: true, versionDeletes: false });
  });

  it('the legacy Role names the target of every rule; a legacy Prefix filters', () => {
    const rules = replicationRules(doc(rule('r', 1, 'arn:ignored', '<Prefix>p/</Prefix>'), 'arn:role'));
    expect(rules[0]).toMatchObject({ arn: 'arn:role', prefix: 'p/' });
    expect(rulesFor(rules, 'q/x', '')).toEqual([]);
  });
});

describe('replication status', () => {
  it('keeps one status per target and shows FAILED over PENDING over COMPLETED', () => {
    const m = parseStatuses('arn:a:b=COMPLETED;arn:c:d=PENDING;');
    expect([...m]).toEqual([
      ['arn:a:b', 'COMPLETED'],
      ['arn:c:d', 'PENDING'],
    ]);
    expect(shownStatus({ 'replication-status': formatStatuses(m) })).toBe('PENDING');
    m.set('arn:c:d', 'FAILED');
    expect(shownStatus({ 'replication-status': formatStatuses(m) })).toBe('FAILED');
    expect(shownStatus({ 'replication-status': 'arn:a=COMPLETED;' })).toBe('COMPLETED');
    expect(shownStatus({ 'replica-status': 'REPLICA' })).toBe('REPLICA');
    expect(shownStatus({})).toBeUndefined();
  });
});
