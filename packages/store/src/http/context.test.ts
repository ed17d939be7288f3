import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createContext, parseQuery, percentDecode } from './context.js';

describe('request ids', () => {
  it('are 16 upper-case hex digits, one more for each request', () => {
    const req = { url: '/', method: 'GET', headers: {} } as IncomingMessage;
    const ids = Array.from({ length: 3 }, () => createContext(req).requestId);
    for (const id of ids) expect(id).toMatch(/^[0-9A-F]{16}$/);
    expect(BigInt(`0x${ids[1]}`) - BigInt(`0x${ids[0]}`)).toBe(1n);
    expect(BigInt(`0x${ids[2]}`) - BigInt(`0x${ids[1]}`)).toBe(1n);
  });
});

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

describe('request targets', () => {
  it('an absolute-form target is read as its path and query (RFC 9112 §3.2.2)', () => {
    const ctx = (url: string) => createContext({ url, method: 'GET', headers: {} } as IncomingMessage);
    expect([
      ctx('http://127.0.0.1:9000/b/k?tagging').rawPath,
      ctx('http://127.0.0.1:9000/b/k?tagging').query,
    ]).toEqual(['/b/k', [['tagging', '']]]);
    expect(ctx('HTTPS://host').rawPath).toBe('/');
    expect(ctx('http://host?versioning').rawPath).toBe('/');
    expect(ctx('/b/http://x').rawPath).toBe('/b/http://x');
  });
});
