import { describe, expect, test } from 'vitest';
import { tenantRequestHeaders, tenantResponseHeaders } from './hop-headers.js';

const prefix = '/api/proxy/ns-a/tenant-a';

describe('request headers to the tenant console', () => {
  test("the operator's cookie, CSRF token and credentials stay behind; the tenant's session goes", () => {
    const headers = tenantRequestHeaders(
      {
        cookie: 'token=operator-session',
        'x-csrf-token': 'operator-csrf',
        authorization: 'Bearer operator',
        'x-forwarded-for': '203.0.113.9',
        connection: 'keep-alive',
        host: 'operator.example',
        origin: 'https://operator.example',
        accept: 'application/json',
        'content-type': 'application/json',
        'content-length': '12',
        range: 'bytes=0-9',
        'if-none-match': '"abc"',
      },
      { cookie: 'token=tenant-session', csrfToken: 'tenant-csrf', prefix },
    );
    expect(headers).toEqual({
      accept: 'application/json',
      'content-type': 'application/json',
      'content-length': '12',
      range: 'bytes=0-9',
      'if-none-match': '"abc"',
      cookie: 'token=tenant-session',
      'x-csrf-token': 'tenant-csrf',
      'x-forwarded-prefix': prefix,
    });
  });

  test('a tenant console without CSRF tokens gets none', () => {
    expect(tenantRequestHeaders({}, { cookie: 'c=1', prefix })).not.toHaveProperty('x-csrf-token');
  });
});

describe('answer headers to the browser', () => {
  const origin = 'http://127.0.0.1:9090';

  test('hop-by-hop headers, those the Connection header names, and cookies are dropped', () => {
    const headers = tenantResponseHeaders(
      {
        connection: 'keep-alive, x-internal',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        'x-internal': 'secret',
        'set-cookie': ['token=tenant-session; HttpOnly'],
        'content-type': 'text/plain',
        etag: '"abc"',
        'content-disposition': 'attachment; filename="a.txt"',
      },
      { prefix, upstreamOrigin: origin },
    );
    expect(headers).toEqual({
      'content-type': 'text/plain',
      etag: '"abc"',
      'content-disposition': 'attachment; filename="a.txt"',
      'x-frame-options': 'SAMEORIGIN',
      'x-content-type-options': 'nosniff',
    });
  });

  test("the operator's own pages may frame the tenant console, nobody else", () => {
    const headers = tenantResponseHeaders(
      {
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'self'; frame-ancestors 'none'; base-uri 'self'",
      },
      { prefix, upstreamOrigin: origin },
    );
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['content-security-policy']).toBe(
      "default-src 'self'; base-uri 'self'; frame-ancestors 'self'",
    );
  });

  test('redirects inside the tenant console stay inside the proxy; others are left alone', () => {
    const location = (value: string) =>
      tenantResponseHeaders({ location: value }, { prefix, upstreamOrigin: origin }).location;
    expect(location('/login?next=%2Fbuckets')).toBe(`${prefix}/login?next=%2Fbuckets`);
    expect(location(`${origin}/buckets#top`)).toBe(`${prefix}/buckets#top`);
    expect(location('https://idp.example/authorize')).toBe('https://idp.example/authorize');
    expect(location('//evil.example/x')).toBe('//evil.example/x');
    expect(location('buckets')).toBe('buckets');
  });
});
