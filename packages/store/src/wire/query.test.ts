import { describe, expect, it } from 'vitest';
import { parseQuery, percentDecode } from './query.js';

describe('request parsing', () => {
  it('percent-decodes UTF-8 and refuses bad escapes or invalid UTF-8', () => {
    expect(percentDecode('/b/My%20Summer%E2%98%83.jpg', false)).toBe('/b/My Summer☃.jpg');
    expect(percentDecode('a+b', false)).toBe('a+b');
    expect(percentDecode('a+b', true)).toBe('a b');
    expect(percentDecode('%zz', false)).toBeUndefined();
    expect(percentDecode('%C3%28', false)).toBeUndefined();
    expect(percentDecode('%2e%2E', false)).toBe('..');
  });

  it('parses queries as Go url.ParseQuery: decoded, repeats kept in order, bare keys empty', () => {
    expect(parseQuery('user=b%20b&user=a%2Fa&location&prefix=x+y')).toEqual([
      ['user', 'b b'],
      ['user', 'a/a'],
      ['location', ''],
      ['prefix', 'x y'],
    ]);
  });
});
