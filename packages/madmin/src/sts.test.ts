import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseAuthorization, sha256Hex } from './sigv4.js';
import { assumeRole, StsError } from './sts.js';
import { type FakeServer, startFakeServer, verifySignature } from './test-support/fake-server.js';

const creds = { accessKey: 'alice', secretKey: 'alice-secret-1' };

const OK =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult>' +
  '<AssumedRoleUser><Arn></Arn><AssumeRoleId></AssumeRoleId></AssumedRoleUser><Credentials>' +
  '<AccessKeyId>Q3AM3UQ867SPQQA43P2F</AccessKeyId>' +
  '<SecretAccessKey>zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG</SecretAccessKey>' +
  '<SessionToken>eyJhbGciOiJIUzUxMiJ9.eyJleHAiOjF9.sig</SessionToken>' +
  '<Expiration>2023-01-31T12:00:00Z</Expiration></Credentials></AssumeRoleResult>' +
  '<ResponseMetadata><RequestId>17A</RequestId></ResponseMetadata></AssumeRoleResponse>';

async function rejection(p: Promise<unknown>): Promise<StsError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof StsError)) throw new Error(`expected StsError, got ${String(err)}`);
  return err;
}

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('assumeRole', () => {
  it('sends the minio-go request shape and parses the credentials', async () => {
    server.reply(() => ({ status: 200, headers: { 'content-type': 'application/xml' }, body: OK }));
    const out = await assumeRole({ endpoint: server.endpoint, credentials: creds });
    expect(out).toEqual({
      accessKey: 'Q3AM3UQ867SPQQA43P2F',
      secretKey: 'zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG',
      sessionToken: 'eyJhbGciOiJIUzUxMiJ9.eyJleHAiOjF9.sig',
      expiration: new Date('2023-01-31T12:00:00Z'),
    });

    const [req] = server.requests;
    if (!req) throw new Error('no request');
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/');
    expect(req.body.toString()).toBe('Action=AssumeRole&DurationSeconds=3600&Version=2011-06-15');
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(req.headers['content-length']).toBe(String(req.body.length));
    expect(req.headers['x-amz-content-sha256']).toBeUndefined();
    const auth = parseAuthorization(String(req.headers.authorization));
    expect(auth).toMatchObject({
      accessKey: 'alice',
      scope: { region: 'us-east-1', service: 'sts' },
      signedHeaders: ['content-type', 'host', 'x-amz-date'],
    });
    expect(verifySignature(req, creds.secretKey, sha256Hex(req.body))).toBe(true);
  });

  it('sends DurationSeconds, Policy and the region it is given', async () => {
    server.reply(() => ({ status: 200, body: OK }));
    const policy = '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:GetObject"]}]}';
    await assumeRole({
      endpoint: server.endpoint,
      credentials: creds,
      durationSeconds: 900,
      policy,
      region: '',
    });
    const [req] = server.requests;
    if (!req) throw new Error('no request');
    const form = new URLSearchParams(req.body.toString());
    expect([...form.keys()]).toEqual(['Action', 'DurationSeconds', 'Policy', 'Version']);
    expect(form.get('DurationSeconds')).toBe('900');
    expect(form.get('Policy')).toBe(policy);
    expect(parseAuthorization(String(req.headers.authorization))?.scope.region).toBe('');
    expect(verifySignature(req, creds.secretKey, sha256Hex(req.body))).toBe(true);
  });

  it('reads the STS error envelope', async () => {
    server.reply(() => ({
      status: 403,
      body:
        '<?xml version="1.0" encoding="UTF-8"?>\n<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">' +
        '<Error><Type></Type><Code>AccessDenied</Code><Message>Access denied: invalid credentials.</Message></Error>' +
        '<RequestId>17B</RequestId></ErrorResponse>',
    }));
    expect(await rejection(assumeRole({ endpoint: server.endpoint, credentials: creds }))).toMatchObject({
      name: 'StsError',
      status: 403,
      code: 'AccessDenied',
      message: 'Access denied: invalid credentials.',
      requestId: '17B',
    });
  });

  it('falls back to the S3 <Error>, then to the status text', async () => {
    server.reply(() => ({
      status: 403,
      body: '<Error><Code>SignatureDoesNotMatch</Code><Message>bad sig</Message><RequestId>R</RequestId></Error>',
    }));
    expect(await rejection(assumeRole({ endpoint: server.endpoint, credentials: creds }))).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'bad sig',
      requestId: 'R',
    });
    server.reply(() => ({ status: 500 }));
    expect(await rejection(assumeRole({ endpoint: server.endpoint, credentials: creds }))).toMatchObject({
      status: 500,
      code: 'Internal Server Error',
    });
  });

  it('refuses a 200 without complete credentials', async () => {
    server.reply(() => ({
      status: 200,
      body: OK.replace('<Expiration>2023-01-31T12:00:00Z</Expiration>', ''),
    }));
    expect(await rejection(assumeRole({ endpoint: server.endpoint, credentials: creds }))).toMatchObject({
      code: 'MalformedResponse',
    });
  });

  it('rejects a duration that is not a positive integer before sending', async () => {
    await expect(
      assumeRole({ endpoint: server.endpoint, credentials: creds, durationSeconds: 1.5 }),
    ).rejects.toThrow(RangeError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('relayed calls', () => {
  it('name the client they are made for, and read how long a throttled client must wait', async () => {
    server.reply(() => ({
      status: 503,
      headers: { 'content-type': 'application/xml', 'retry-after': '42' },
      body: '<ErrorResponse><Error><Code>SlowDown</Code><Message>Too many failed logins</Message></Error></ErrorResponse>',
    }));
    const err = await rejection(
      assumeRole({
        endpoint: server.endpoint,
        credentials: creds,
        relayHeaders: { 'x-forwarded-for': '203.0.113.9' },
      }),
    );
    expect(err).toMatchObject({ status: 503, code: 'SlowDown', retryAfterSeconds: 42 });
    expect(server.requests[0]?.headers['x-forwarded-for']).toBe('203.0.113.9');
    // the relay header is outside the signature: a server may drop it without breaking it
    expect(
      parseAuthorization(String(server.requests[0]?.headers.authorization))?.signedHeaders,
    ).not.toContain('x-forwarded-for');
    server.reply(() => ({ status: 403, body: '<Error><Code>AccessDenied</Code></Error>' }));
    const plain = await rejection(assumeRole({ endpoint: server.endpoint, credentials: creds }));
    expect(plain.retryAfterSeconds).toBeUndefined();
    expect(server.requests[1]?.headers['x-forwarded-for']).toBeUndefined();
  });
});
