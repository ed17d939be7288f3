import { describe, expect, test } from 'vitest';
import { REDACTED, redactAuthorization, redactHeaders, redactQuery } from './redact.js';
import { toTraceFrame } from './trace.js';

const V4 =
  'AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE/20261128/us-east-1/s3/aws4_request, ' +
  'SignedHeaders=host;x-amz-content-sha256;x-amz-date, ' +
  'Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024';

describe('trace redaction', () => {
  test('Authorization keeps who signed and what, never the signature', () => {
    expect(redactAuthorization(V4)).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE/20261128/us-east-1/s3/aws4_request, ' +
        `SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=${REDACTED}`,
    );
    expect(redactAuthorization('AWS AKIAEXAMPLE:frJIUN8DYpKDtOLCwo//yllqDzg=')).toBe(
      `AWS AKIAEXAMPLE:${REDACTED}`,
    );
    expect(redactAuthorization('Bearer eyJhbGciOi.secret.part')).toBe(`Bearer ${REDACTED}`);
    expect(redactAuthorization('opaque-token-without-scheme')).toBe(REDACTED);
    expect(redactAuthorization(REDACTED)).toBe(REDACTED);
  });

  test('tokens, cookies and SSE-C keys lose their values; other headers stay as sent', () => {
    const headers = redactHeaders({
      Authorization: [V4],
      'X-Amz-Security-Token': ['FwoGZXIvYXdzEJr'],
      Cookie: ['token=abc; other=1'],
      'X-Amz-Server-Side-Encryption-Customer-Key': ['MzJieXRlc2VjcmV0a2V5bWF0ZXJpYWwxMjM0NTY3OA=='],
      'x-amz-copy-source-server-side-encryption-customer-key': ['c2VjcmV0'],
      'X-Amz-Server-Side-Encryption-Customer-Key-Md5': ['a1b2'],
      'Content-Type': ['text/plain'],
      'X-Amz-Meta-Tag': ['one', 'two'],
    });
    expect(headers.Authorization?.[0]).not.toContain('fe5f80f7');
    expect(headers.Authorization?.[0]).toContain('Credential=AKIAEXAMPLE/');
    expect(headers['X-Amz-Security-Token']).toEqual([REDACTED]);
    expect(headers.Cookie).toEqual([REDACTED]);
    expect(headers['X-Amz-Server-Side-Encryption-Customer-Key']).toEqual([REDACTED]);
    expect(headers['x-amz-copy-source-server-side-encryption-customer-key']).toEqual([REDACTED]);
    expect(headers['X-Amz-Server-Side-Encryption-Customer-Key-Md5']).toEqual(['a1b2']);
    expect(headers['Content-Type']).toEqual(['text/plain']);
    expect(headers['X-Amz-Meta-Tag']).toEqual(['one', 'two']);
    expect(redactHeaders(undefined)).toEqual({});
  });

  test('presigned queries keep the credential scope, not the signature or the token', () => {
    const raw =
      'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAEXAMPLE%2F20261128%2Fus-east-1%2Fs3%2Faws4_request' +
      '&X-Amz-Signature=abc123&x-amz-security-token=tok&X-Amz-%53ignature=again&Signature=v2sig&prefix=a%2Fb';
    const out = redactQuery(raw);
    expect(out).toBe(
      'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAEXAMPLE%2F20261128%2Fus-east-1%2Fs3%2Faws4_request' +
        `&X-Amz-Signature=${REDACTED}&x-amz-security-token=${REDACTED}&X-Amz-%53ignature=${REDACTED}` +
        `&Signature=${REDACTED}&prefix=a%2Fb`,
    );
    expect(redactQuery('')).toBe('');
    expect(redactQuery('%E0%A4%A=1')).toBe('%E0%A4%A=1');
  });

  test("an HTTP call's frame carries both header sets and its query, redacted", () => {
    const frame = toTraceFrame({
      type: 4,
      nodename: '127.0.0.1:9000',
      funcname: 's3.GetObject',
      time: '2026-11-28T10:00:00Z',
      path: '/photos/cat.jpg',
      dur: 2_000_000,
      http: {
        request: {
          time: '2026-11-28T10:00:00Z',
          proto: 'HTTP/1.1',
          method: 'GET',
          path: '/photos/cat.jpg',
          rawquery: 'versionId=1&X-Amz-Signature=deadbeef',
          headers: { Authorization: [V4], Host: ['127.0.0.1:9000'] },
          client: '10.0.0.7:51234',
        },
        response: {
          time: '2026-11-28T10:00:00Z',
          headers: { 'Set-Cookie': ['session=1'], 'Content-Length': ['42'] },
          statuscode: 404,
        },
        stats: { inputbytes: 0, outputbytes: 42, latency: 2_000_000, timetofirstbyte: 1_500_000 },
      },
    });
    expect(frame).toMatchObject({
      statusCode: 404,
      statusMsg: 'Not Found',
      client: '10.0.0.7',
      query: `versionId=1&X-Amz-Signature=${REDACTED}`,
      requestHeaders: { Host: ['127.0.0.1:9000'] },
      responseHeaders: { 'Set-Cookie': [REDACTED], 'Content-Length': ['42'] },
      callStats: { tx: 42, duration: 2_000_000, timeToFirstByte: 1_500_000 },
    });
    expect(JSON.stringify(frame)).not.toContain('deadbeef');
    expect(JSON.stringify(frame)).not.toContain('fe5f80f7');
  });
});
