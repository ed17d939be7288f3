import { AddUserRequest, ServiceAccountCredentialsRequest } from '@stowage/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.js';
import { problemText } from './problemText.js';
import { fieldProblem, isRequiredIn, propertyRules, stringProblem } from './schemaRules.js';

describe('schema rules', () => {
  it("reads a property's lengths and pattern from the contract's schema", () => {
    expect(propertyRules(AddUserRequest, 'secretKey')).toEqual({ minLength: 8, maxLength: 40 });
    expect(propertyRules(ServiceAccountCredentialsRequest, 'accessKey')).toEqual({
      minLength: 3,
      maxLength: 20,
      pattern: '^[A-Za-z0-9_.@=,+-]+$',
    });
    expect(isRequiredIn(AddUserRequest, 'accessKey')).toBe(true);
    expect(isRequiredIn(AddUserRequest, 'policies')).toBe(false);
    // @ts-expect-error: a key the schema does not have is refused at compile time, and at run time.
    expect(() => propertyRules(AddUserRequest, 'nope')).toThrow('no property nope');
  });

  it('finds the first problem: required, too short, too long, pattern', () => {
    const rules = { minLength: 3, maxLength: 5, pattern: '^[a-z]+$' };
    expect(stringProblem(rules, '', true)).toEqual({ kind: 'required' });
    expect(stringProblem(rules, '', false)).toBeUndefined();
    expect(stringProblem(rules, 'ab', false)).toEqual({ kind: 'tooShort', min: 3 });
    expect(stringProblem(rules, 'abcdef', false)).toEqual({ kind: 'tooLong', max: 5 });
    expect(stringProblem(rules, 'AbC', false)).toEqual({ kind: 'pattern' });
    expect(stringProblem(rules, 'abc', true)).toBeUndefined();
  });

  it('checks a field against its request schema, required included', () => {
    expect(fieldProblem(ServiceAccountCredentialsRequest, 'accessKey', '')).toEqual({ kind: 'required' });
    expect(fieldProblem(ServiceAccountCredentialsRequest, 'accessKey', 'has space')).toEqual({
      kind: 'pattern',
    });
    expect(fieldProblem(ServiceAccountCredentialsRequest, 'secretKey', 'x'.repeat(41))).toEqual({
      kind: 'tooLong',
      max: 40,
    });
  });
});

describe('problem messages', () => {
  const t = i18n.t.bind(i18n) as TFunction;
  it("uses the generic message unless the form passes the spec's own", () => {
    expect(problemText(t, undefined)).toBeUndefined();
    expect(problemText(t, { kind: 'tooShort', min: 8 })).toBe('Use at least 8 characters');
    expect(problemText(t, { kind: 'tooLong', max: 40 })).toBe('Use at most 40 characters');
    expect(problemText(t, { kind: 'required' })).toBe('This field is required');
    expect(problemText(t, { kind: 'tooShort', min: 8 }, { tooShort: 'Spec text' })).toBe('Spec text');
  });
});
