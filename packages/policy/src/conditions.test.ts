// biome-ignore-all lint/suspicious/noTemplateCurlyInString: IAM policy variables are literal ${...} text.
import { describe, expect, it } from 'vitest';
import { conditionHolds, invalidValueReason, parseOperatorName } from './conditions.js';
import type { Condition } from './types.js';
import { contextFrom } from './variables.js';

describe('parseOperatorName', () => {
  it.each([
    ['StringEquals', { operator: 'StringEquals', ifExists: false }],
    ['StringLikeIfExists', { operator: 'StringLike', ifExists: true }],
    ['ForAnyValue:StringEquals', { operator: 'StringEquals', qualifier: 'ForAnyValue', ifExists: false }],
    ['ForAllValues:ArnLikeIfExists', { operator: 'ArnLike', qualifier: 'ForAllValues', ifExists: true }],
    ['Null', { operator: 'Null', ifExists: false }],
  ])('%s', (name, expected) => {
    expect(parseOperatorName(name)).toEqual(expected);
  });

  it.each([
    'stringequals',
    'StringEqualz',
    'NullIfExists',
    'ForAnyValue:ForAllValues:StringEquals',
    'IfExists',
    '',
  ])('rejects %j', (name) => {
    expect(parseOperatorName(name)).toBeUndefined();
  });
});

describe('invalidValueReason', () => {
  it('accepts well-formed values', () => {
    expect(invalidValueReason('NumericEquals', '-1.5e3')).toBeUndefined();
    expect(invalidValueReason('DateLessThan', '2025-01-01')).toBeUndefined();
    expect(invalidValueReason('DateLessThan', '2025-01-01T10:00:00.123+02:00')).toBeUndefined();
    expect(invalidValueReason('IpAddress', '::1')).toBeUndefined();
    expect(invalidValueReason('Bool', '${aws:SecureTransport}')).toBeUndefined();
    expect(invalidValueReason('StringEquals', 'anything at all')).toBeUndefined();
  });

  it('refuses malformed ones', () => {
    expect(invalidValueReason('NumericEquals', '0x10')).toBeDefined();
    expect(invalidValueReason('DateLessThan', 'Jan 1 2025')).toBeDefined();
    expect(invalidValueReason('IpAddress', '10.0.0.0/8/8')).toBeDefined();
    expect(invalidValueReason('IpAddress', '2001:db8::/129')).toBeDefined();
  });
});

describe('conditionHolds', () => {
  const condition = (
    operator: Condition['operator'],
    values: string[],
    extra: Partial<Condition> = {},
  ): Condition => ({
    operator,
    ifExists: false,
    key: 's3:prefix',
    values,
    ...extra,
  });

  it('treats a key with no values as absent', () => {
    const context = contextFrom({ 's3:prefix': [] });
    expect(conditionHolds(condition('Null', ['true']), context, true)).toBe(true);
    expect(conditionHolds(condition('StringNotEquals', ['a']), context, true)).toBe(true);
  });

  it('merges context keys that differ only in case', () => {
    const context = contextFrom({ 'S3:Prefix': ['a'], 's3:prefix': ['b'] });
    expect(conditionHolds(condition('StringEquals', ['b']), context, true)).toBe(true);
    expect(
      conditionHolds(condition('StringEquals', ['a'], { qualifier: 'ForAllValues' }), context, true),
    ).toBe(false);
    expect(
      conditionHolds(condition('StringEquals', ['a', 'b'], { qualifier: 'ForAllValues' }), context, true),
    ).toBe(true);
  });

  it('drops a value whose variable is unknown, so it matches nothing', () => {
    const context = contextFrom({ 's3:prefix': ['x'] });
    expect(conditionHolds(condition('StringEquals', ['${aws:nope}']), context, true)).toBe(false);
    expect(conditionHolds(condition('StringNotEquals', ['${aws:nope}']), context, true)).toBe(true);
  });

  it('leaves variables alone when the policy version has none', () => {
    const context = contextFrom({ 's3:prefix': ['${aws:username}'], 'aws:username': ['alice'] });
    expect(conditionHolds(condition('StringEquals', ['${aws:username}']), context, false)).toBe(true);
    expect(conditionHolds(condition('StringEquals', ['${aws:username}']), context, true)).toBe(false);
  });
});
