import { describe, expect, it } from 'vitest';
import { hasWildcard, matchPattern, matchWildcard, patternAcceptsPrefix } from './wildcard.js';

describe('matchWildcard', () => {
  it.each([
    ['*', '', true],
    ['*', 'anything/at/all', true],
    ['', '', true],
    ['', 'a', false],
    ['abc', 'abc', true],
    ['abc', 'abcd', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['a*c', 'ac', true],
    ['a*c', 'abbbc', true],
    ['a*c', 'abbbd', false],
    ['*.txt', 'notes.txt', true],
    ['*.txt', 'notes.txt.gz', false],
    ['photos/*/raw/*', 'photos/2024/raw/img.cr2', true],
    ['photos/*/raw/*', 'photos/2024/jpg/img.jpg', false],
    ['a**b', 'axxb', true],
    ['??', 'é€', true],
    ['?', '😀', true],
    ['Bucket/*', 'bucket/key', false],
  ])('%j against %j is %s', (pattern, value, expected) => {
    expect(matchWildcard(pattern, value)).toBe(expected);
  });

  it('ignores case only when asked (actions)', () => {
    expect(matchWildcard('s3:get*', 's3:GetObject')).toBe(false);
    expect(matchWildcard('s3:get*', 's3:GetObject', { ignoreCase: true })).toBe(true);
    expect(matchWildcard('S3:GETOBJECT', 's3:getobject', { ignoreCase: true })).toBe(true);
  });

  it('terminates quickly on a pathological pattern (no exponential backtracking)', () => {
    const value = 'a'.repeat(10_000);
    expect(matchWildcard('a*a*a*a*a*a*a*a*b', value)).toBe(false);
    expect(matchWildcard('a*a*a*a*a*a*a*a*a', value)).toBe(true);
    expect(matchWildcard(`${'*a'.repeat(200)}b`, value)).toBe(false);
  });

  it('treats regular-expression characters literally', () => {
    expect(matchWildcard('a.c', 'abc')).toBe(false);
    expect(matchWildcard('(a+)+$', '(a+)+$')).toBe(true);
    expect(matchWildcard('[ab]', 'a')).toBe(false);
  });
});

describe('matchPattern', () => {
  it('keeps wildcards in literal chunks inert', () => {
    const chunks = [
      { text: 'home/', wildcards: true },
      { text: 'a*', wildcards: false },
      { text: '/*', wildcards: true },
    ];
    expect(matchPattern(chunks, 'home/a*/file')).toBe(true);
    expect(matchPattern(chunks, 'home/ab/file')).toBe(false);
  });
});

describe('patternAcceptsPrefix', () => {
  it.each([
    ['bucket/*', 'bucket/', true],
    ['bucket/photos/*', 'bucket/', true],
    ['buck*', 'bucket/', true],
    ['*', 'bucket/', true],
    ['bucket', 'bucket/', false],
    ['other/*', 'bucket/', false],
    ['b?cket/x', 'bucket/', true],
  ])('%j can extend %j: %s', (pattern, prefix, expected) => {
    expect(patternAcceptsPrefix(pattern, prefix)).toBe(expected);
  });
});

describe('hasWildcard', () => {
  it('spots * and ?', () => {
    expect(hasWildcard('s3:Get*')).toBe(true);
    expect(hasWildcard('s3:Get?bject')).toBe(true);
    expect(hasWildcard('s3:GetObject')).toBe(false);
  });
});
