import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createContext } from './context.js';

describe('request ids', () => {
  it('are 16 upper-case hex digits, one more for each request', () => {
    const req = { url: '/', method: 'GET', headers: {} } as IncomingMessage;
    const ids = Array.from({ length: 3 }, () => createContext(req).requestId);
    for (const id of ids) expect(id).toMatch(/^[0-9A-F]{16}$/);
    expect(BigInt(`0x${ids[1]}`) - BigInt(`0x${ids[0]}`)).toBe(1n);
    expect(BigInt(`0x${ids[2]}`) - BigInt(`0x${ids[1]}`)).toBe(1n);
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
