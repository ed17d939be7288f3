import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  amzDate,
  canonicalHeaders,
  canonicalQuery,
  canonicalRequest,
  canonicalUri,
  EMPTY_SHA256,
  goCanonicalQuery,
  parseAuthorization,
  presignUrl,
  type Scope,
  scopeString,
  sha256Hex,
  signature,
  signingKey,
  signRequest,
  stringToSign,
  uriEncode,
} from './sigv4.js';

// AWS's published examples ("Signature Calculations for the Authorization Header" and
// "Query String Authentication" in the S3 API reference).
const AWS = { accessKey: 'AKIAIOSFODNN7EXAMPLE', secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
const AWS_NOW = new Date('2013-05-24T00:00:00Z');
const AWS_SCOPE: Scope = { date: '20130524', region: 'us-east-1', service: 's3' };

describe('primitives', () => {
  it('hashes the empty string', () => {
    expect(EMPTY_SHA256).toBe(sha256Hex(''));
  });

  it('formats the date and scope', () => {
    expect(amzDate(new Date('2026-11-22T03:04:05.678Z'))).toBe('20261122T030405Z');
    expect(scopeString(AWS_SCOPE)).toBe('20130524/us-east-1/s3/aws4_request');
    expect(scopeString({ date: '20261122', region: '', service: 's3' })).toBe('20261122//s3/aws4_request');
  });

  it('percent-encodes RFC 3986 style over UTF-8', () => {
    expect(uriEncode("a b/c~é*!'()+", false)).toBe('a%20b/c~%C3%A9%2A%21%27%28%29%2B');
    expect(uriEncode('a/b', true)).toBe('a%2Fb');
    expect(uriEncode('AZaz09-_.~', true)).toBe('AZaz09-_.~');
    expect(canonicalUri('/test$file.text')).toBe('/test%24file.text');
    expect(canonicalUri('')).toBe('/');
  });

  it('sorts encoded pairs by name, then a repeated name by value (SigV4); Go keeps values as sent', () => {
    const query: [string, string][] = [
      ['user', 'b b'],
      ['user', 'a/a'],
      ['a', ''],
    ];
    expect(canonicalQuery(query)).toBe('a=&user=a%2Fa&user=b%20b');
    expect(goCanonicalQuery(query)).toBe('a=&user=b%20b&user=a%2Fa');
  });

  it('canonicalises header names and values', () => {
    const text = canonicalHeaders({ 'X-Multi': ['  a  b ', 'c'], Host: ' h ', 'x-tab': 'a\t\tb' }, [
      'host',
      'x-multi',
      'x-tab',
    ]);
    expect(text).toBe('host:h\nx-multi:a b,c\nx-tab:a b\n');
  });
});

describe('AWS published examples', () => {
  it('GET object with Range', () => {
    const url = new URL('https://examplebucket.s3.amazonaws.com/test.txt');
    const headers = {
      range: 'bytes=0-9',
      'x-amz-content-sha256': EMPTY_SHA256,
      'x-amz-date': '20130524T000000Z',
    };
    const signed = ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'];
    const creq = canonicalRequest({
      method: 'GET',
      canonicalUri: canonicalUri(url.pathname),
      canonicalQuery: '',
      canonicalHeaders: canonicalHeaders({ ...headers, host: url.host }, signed),
      signedHeaders: signed,
      payloadHash: EMPTY_SHA256,
    });
    const sts = stringToSign('20130524T000000Z', AWS_SCOPE, creq);
    expect(sts.split('\n').at(-1)).toBe('7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972');
    const expected = 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41';
    expect(signature(AWS.secretKey, AWS_SCOPE, sts)).toBe(expected);

    const out = signRequest(
      { method: 'GET', url, headers: { Range: 'bytes=0-9' }, payloadHash: EMPTY_SHA256 },
      AWS,
      {
        region: 'us-east-1',
        service: 's3',
        now: AWS_NOW,
      },
    );
    expect(out.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        `SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=${expected}`,
    );
  });

  it('PUT object (escaped path, Date header, body hash)', () => {
    const body = 'Welcome to Amazon S3.';
    const out = signRequest(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
        headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
        payloadHash: sha256Hex(body),
      },
      AWS,
      { region: 'us-east-1', service: 's3', now: AWS_NOW },
    );
    expect(out.authorization).toContain(
      'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  it('GET with query strings (empty value, several keys)', () => {
    const sign = (u: string) =>
      signRequest({ method: 'GET', url: new URL(u), headers: {}, payloadHash: EMPTY_SHA256 }, AWS, {
        region: 'us-east-1',
        service: 's3',
        now: AWS_NOW,
      }).authorization;
    expect(sign('https://examplebucket.s3.amazonaws.com/?lifecycle')).toContain(
      'Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
    expect(sign('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J')).toContain(
      'Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('presigned GET URL', () => {
    const url = presignUrl({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      creds: AWS,
      region: 'us-east-1',
      expiresSeconds: 86400,
      now: AWS_NOW,
    });
    expect(url.toString()).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
});

describe('madmin-style signing', () => {
  const creds = { accessKey: 'AKID', secretKey: 'SECRET', sessionToken: 'TOKEN' };
  const now = new Date('2026-11-22T10:00:00Z');

  it('uses an empty region, signs the token and the content hash, drops default ports', () => {
    const out = signRequest(
      {
        method: 'GET',
        url: new URL('http://127.0.0.1:80/minio/admin/v3/accountinfo'),
        headers: { 'User-Agent': 'x', 'Accept-Encoding': 'identity', 'Content-Length': '0' },
        payloadHash: EMPTY_SHA256,
      },
      creds,
      { region: '', service: 's3', now },
    );
    expect(out.host).toBe('127.0.0.1');
    expect(out['x-amz-date']).toBe('20261122T100000Z');
    expect(out['x-amz-content-sha256']).toBe(EMPTY_SHA256);
    expect(out['x-amz-security-token']).toBe('TOKEN');
    expect(out['user-agent']).toBe('x');
    const auth = parseAuthorization(out.authorization ?? '');
    expect(auth).toMatchObject({
      accessKey: 'AKID',
      scope: { date: '20261122', region: '', service: 's3' },
      signedHeaders: ['host', 'x-amz-content-sha256', 'x-amz-date', 'x-amz-security-token'],
    });
    expect(out.authorization).toContain('Credential=AKID/20261122//s3/aws4_request, ');
  });

  it('verifies from the server side with the same primitives', () => {
    const url = new URL('http://h:9000/minio/admin/v3/user-info?accessKey=a%20b&accessKey=c');
    const out = signRequest({ method: 'GET', url, headers: {}, payloadHash: EMPTY_SHA256 }, creds, {
      region: '',
      service: 's3',
      now,
    });
    const auth = parseAuthorization(out.authorization ?? '');
    if (!auth) throw new Error('unparsable');
    const creq = canonicalRequest({
      method: 'GET',
      canonicalUri: canonicalUri('/minio/admin/v3/user-info'),
      canonicalQuery: canonicalQuery([...url.searchParams]),
      canonicalHeaders: canonicalHeaders(out, auth.signedHeaders),
      signedHeaders: auth.signedHeaders,
      payloadHash: out['x-amz-content-sha256'] ?? '',
    });
    expect(creq).toContain('\naccessKey=a%20b&accessKey=c\nhost:h:9000\n');
    expect(signature('SECRET', auth.scope, stringToSign(out['x-amz-date'] ?? '', auth.scope, creq))).toBe(
      auth.signature,
    );
  });

  it('does not send x-amz-content-sha256 for other services', () => {
    const out = signRequest(
      { method: 'POST', url: new URL('http://h/'), headers: {}, payloadHash: EMPTY_SHA256 },
      { accessKey: 'a', secretKey: 'b' },
      { region: 'us-east-1', service: 'sts', now },
    );
    expect(out['x-amz-content-sha256']).toBeUndefined();
    expect(out.authorization).toContain('SignedHeaders=host;x-amz-date,');
  });

  it('derives the signing key from the empty region', () => {
    const a = signingKey('s', { date: '20261122', region: '', service: 's3' });
    const b = signingKey('s', { date: '20261122', region: 'us-east-1', service: 's3' });
    expect(a.equals(b)).toBe(false);
    expect(a).toHaveLength(32);
  });
});

describe('signature', () => {
  it('is HMAC-SHA256 under the signing key, for short, long and non-ASCII strings to sign', () => {
    const key = signingKey(AWS.secretKey, AWS_SCOPE);
    // 300 and 5000 bytes outgrow the prepared buffer; the short one after them reuses it.
    for (const text of ['x', 'é€😀'.repeat(100), 'a'.repeat(5000), 'AWS4-HMAC-SHA256\nshort']) {
      const expected = createHmac('sha256', key).update(text, 'utf8').digest('hex');
      expect(signature(AWS.secretKey, AWS_SCOPE, text)).toBe(expected);
    }
  });
});

describe('parseAuthorization', () => {
  const sig = 'a'.repeat(64);

  it('parses with or without spaces after commas, and access keys containing slashes', () => {
    expect(
      parseAuthorization(
        `AWS4-HMAC-SHA256 Credential=AK/x/20261122//s3/aws4_request,SignedHeaders=host;x-amz-date,Signature=${sig}`,
      ),
    ).toEqual({
      accessKey: 'AK/x',
      scope: { date: '20261122', region: '', service: 's3' },
      signedHeaders: ['host', 'x-amz-date'],
      signature: sig,
    });
  });

  it.each([
    '',
    `AWS4-HMAC-SHA1 Credential=AK/20261122//s3/aws4_request, SignedHeaders=host, Signature=${sig}`,
    `AWS4-HMAC-SHA256 Credential=AK/20261122/s3/aws4_request, SignedHeaders=host, Signature=${sig}`,
    `AWS4-HMAC-SHA256 Credential=AK/2026112//s3/aws4_request, SignedHeaders=host, Signature=${sig}`,
    `AWS4-HMAC-SHA256 Credential=AK/20261122//s3/aws5_request, SignedHeaders=host, Signature=${sig}`,
    `AWS4-HMAC-SHA256 Credential=AK/20261122//s3/aws4_request, Signature=${sig}`,
    `AWS4-HMAC-SHA256 Credential=AK/20261122//s3/aws4_request, SignedHeaders=, Signature=${sig}`,
    `AWS4-HMAC-SHA256 Credential=AK/20261122//s3/aws4_request, SignedHeaders=host, Signature=${sig}, X=1`,
    `AWS4-HMAC-SHA256 Credential=/20261122//s3/aws4_request, SignedHeaders=host, Signature=${sig}`,
    `AWS4-HMAC-SHA256 Credential=AK/20261122//s3/aws4_request, Credential=AK/20261122//s3/aws4_request, Signature=${sig}`,
    `AWS4-HMAC-SHA256 Credential=AK/20261122//s3/aws4_request, SignedHeaders=host, Signature=${sig},`,
    `AWS4-HMAC-SHA256 Credential=AK/20261122//s3/aws4_request, SignedHeaders=host;;x-amz-date, Signature=${sig}`,
  ])('rejects %j', (header) => {
    expect(parseAuthorization(header)).toBeNull();
  });
});
