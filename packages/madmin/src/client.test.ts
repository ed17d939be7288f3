import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MadminClient } from './client.js';
import { decryptData, encryptData } from './crypto/index.js';
import { MadminError } from './errors.js';
import { EMPTY_SHA256, parseAuthorization, sha256Hex } from './sigv4.js';
import { type FakeServer, startFakeServer, verifySignature } from './test-support/fake-server.js';
import type { AccountInfo } from './types/account.js';

const creds = { accessKey: 'AKIAEXAMPLE', secretKey: 'secret-key-123' };
const temp = { accessKey: 'TMPKEY', secretKey: 'tmp-secret-456', sessionToken: 'eyJ.token' };

const ACCOUNT: AccountInfo = {
  AccountName: 'alice',
  Server: {
    Type: 2,
    GatewayOnline: false,
    OnlineDisks: null,
    OfflineDisks: null,
    StandardSCData: [2],
    StandardSCParity: 2,
    RRSCData: [2],
    RRSCParity: 1,
    TotalSets: [1],
    DrivesPerSet: [4],
  },
  Policy: {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] }],
  },
  Buckets: [],
};

async function rejection(p: Promise<unknown>): Promise<MadminError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof MadminError)) throw new Error(`expected MadminError, got ${String(err)}`);
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

describe('request shape (madmin-protocol.md §1.2)', () => {
  it('signs GET /accountinfo with an empty region and the empty-body hash', async () => {
    server.reply(() => ({ status: 200, body: JSON.stringify({ ...ACCOUNT, Buckets: null }) }));
    const client = new MadminClient({
      endpoint: server.endpoint,
      credentials: creds,
      userAgent: 'Stowage Console/0.1',
    });
    const info = await client.accountInfo();
    expect(info).toEqual(ACCOUNT);

    const [req] = server.requests;
    if (!req) throw new Error('no request');
    expect(req.method).toBe('GET');
    expect(req.url).toBe('/minio/admin/v3/accountinfo');
    expect(req.headers.host).toBe(server.endpoint.slice('http://'.length));
    expect(req.headers['x-amz-content-sha256']).toBe(EMPTY_SHA256);
    expect(req.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(req.headers['accept-encoding']).toBe('identity');
    expect(req.headers['user-agent']).toMatch(/^MinIO \(.+; .+\) stowage-madmin\/\S+ Stowage Console\/0\.1$/);
    expect(req.headers['x-amz-security-token']).toBeUndefined();
    const date = String(req.headers['x-amz-date']).slice(0, 8);
    expect(req.headers.authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLE/${date}//s3/aws4_request, ` +
          'SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$',
      ),
    );
    expect(verifySignature(req, creds.secretKey, EMPTY_SHA256)).toBe(true);
    expect(verifySignature(req, 'wrong-secret', EMPTY_SHA256)).toBe(false);
  });

  it('signs the session token of temporary credentials', async () => {
    server.reply(() => ({ status: 200, body: JSON.stringify(ACCOUNT) }));
    await new MadminClient({ endpoint: server.endpoint, credentials: temp }).accountInfo({
      prefixUsage: true,
    });
    const [req] = server.requests;
    if (!req) throw new Error('no request');
    expect(req.url).toBe('/minio/admin/v3/accountinfo?prefix-usage=true');
    expect(req.headers['x-amz-security-token']).toBe('eyJ.token');
    expect(parseAuthorization(String(req.headers.authorization))?.signedHeaders).toEqual([
      'host',
      'x-amz-content-sha256',
      'x-amz-date',
      'x-amz-security-token',
    ]);
    expect(verifySignature(req, temp.secretKey, EMPTY_SHA256)).toBe(true);
  });

  it('encrypts a request body with Content-Length and signs the hash of the sent bytes', async () => {
    server.reply(() => ({ status: 200 }));
    const client = new MadminClient({ endpoint: server.endpoint, credentials: creds });
    const payload = JSON.stringify({ secretKey: 'new-secret-1', status: 'enabled' });
    // biome-ignore lint/complexity/useLiteralKeys: request is private; bracket access is TS's test escape hatch.
    await client['request']({
      method: 'PUT',
      path: '/add-user',
      query: { accessKey: 'bob smith/1' },
      body: payload,
      encrypt: true,
    });
    const [req] = server.requests;
    if (!req) throw new Error('no request');
    expect(req.url).toBe('/minio/admin/v3/add-user?accessKey=bob%20smith%2F1');
    expect(req.headers['content-length']).toBe(String(req.body.length));
    expect(req.headers['transfer-encoding']).toBeUndefined();
    expect(req.headers['x-amz-content-sha256']).toBe(sha256Hex(req.body));
    expect(verifySignature(req, creds.secretKey, sha256Hex(req.body))).toBe(true);
    expect((await decryptData(creds.secretKey, req.body)).toString()).toBe(payload);
  });

  it('drops :80 and :443 from the signed host', async () => {
    for (const endpoint of ['http://example.test:80', 'https://example.test:443/ignored/path']) {
      let seen: Request | undefined;
      const fakeFetch: typeof fetch = async (input, init) => {
        seen = new Request(input, init);
        return new Response('{}', { status: 200 });
      };
      await new MadminClient({ endpoint, credentials: creds, fetch: fakeFetch }).serverInfo();
      if (!seen) throw new Error('no request');
      expect(new URL(seen.url).host).toBe('example.test');
      expect(seen.url.endsWith('/minio/admin/v3/info')).toBe(true);
      const headers = Object.fromEntries(seen.headers);
      expect(
        verifySignature(
          {
            method: 'GET',
            url: '/minio/admin/v3/info',
            headers: { ...headers, host: 'example.test' },
            body: Buffer.alloc(0),
          },
          creds.secretKey,
          EMPTY_SHA256,
        ),
      ).toBe(true);
    }
  });

  it('rejects endpoints that are not http(s)', () => {
    expect(() => new MadminClient({ endpoint: 'ftp://x', credentials: creds })).toThrow(TypeError);
  });
});

describe('responses', () => {
  it('parses /info', async () => {
    const info = {
      mode: 'online',
      deploymentID: 'd',
      backend: { backendType: 'Erasure', onlineDisks: 4, standardSCParity: 2, rrSCParity: 1 },
      servers: [{ state: 'online', endpoint: '127.0.0.1:9000', mem_stats: { Alloc: 1 } }],
    };
    server.reply(() => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(info),
    }));
    expect(await new MadminClient({ endpoint: server.endpoint, credentials: creds }).serverInfo()).toEqual(
      info,
    );
  });

  it('decrypts /list-users with the signing secret key', async () => {
    const users = { bob: { policyName: 'readwrite', status: 'enabled', updatedAt: '0001-01-01T00:00:00Z' } };
    server.reply(async () => ({
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: await encryptData(temp.secretKey, Buffer.from(JSON.stringify(users))),
    }));
    expect(await new MadminClient({ endpoint: server.endpoint, credentials: temp }).users.list()).toEqual(
      users,
    );
    expect(server.requests[0]?.url).toBe('/minio/admin/v3/list-users');
  });

  it('reports a body that is not JSON', async () => {
    server.reply(() => ({ status: 200, body: 'hello' }));
    const err = await rejection(
      new MadminClient({ endpoint: server.endpoint, credentials: creds }).serverInfo(),
    );
    expect(err).toMatchObject({ status: 200, code: 'MalformedResponse' });
  });

  it('treats a success status other than the expected one as an error', async () => {
    server.reply(() => ({ status: 204 }));
    const err = await rejection(
      new MadminClient({ endpoint: server.endpoint, credentials: creds }).accountInfo(),
    );
    expect(err).toMatchObject({ status: 204, code: 'No Content' });
  });
});

describe('streams', () => {
  it('says when the server has accepted a trace or log stream, before its first line', async () => {
    server.reply(() => ({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: ' {"funcname":"s3.PutObject"}\n ',
    }));
    const admin = new MadminClient({ endpoint: server.endpoint, credentials: creds });
    const seen: string[] = [];
    for await (const info of admin.trace({ onOpen: () => seen.push('open') })) seen.push(info.funcname);
    server.reply(() => ({ status: 200, body: '{"ConsoleMsg":"up"}\n' }));
    for await (const line of admin.logs({ onOpen: () => seen.push('open') }))
      seen.push(String(line.ConsoleMsg));
    expect(seen).toEqual(['open', 's3.PutObject', 'open', 'up']);
  });

  it('does not call onOpen for a stream the server refuses', async () => {
    server.reply(() => ({ status: 403, body: '{"Code":"AccessDenied","Message":"no"}' }));
    let opened = false;
    const trace = new MadminClient({ endpoint: server.endpoint, credentials: creds }).trace({
      onOpen: () => (opened = true),
    });
    expect((await rejection(trace.next())).status).toBe(403);
    expect(opened).toBe(false);
  });
});

describe('errors (madmin-protocol.md §1.6)', () => {
  const call = () => new MadminClient({ endpoint: server.endpoint, credentials: creds }).serverInfo();

  it('reads the JSON error', async () => {
    server.reply(() => ({
      status: 404,
      headers: { 'content-type': 'application/json', 'x-amz-request-id': 'HEADERID' },
      body: JSON.stringify({
        Code: 'XMinioAdminNoSuchUser',
        Message: 'The specified user does not exist.',
        Resource: '/minio/admin/v3/user-info',
        RequestId: '17A1B2C3D4E5F607',
        HostId: 'h',
      }),
    }));
    const err = await rejection(call());
    expect(err).toMatchObject({
      name: 'MadminError',
      status: 404,
      code: 'XMinioAdminNoSuchUser',
      message: 'The specified user does not exist.',
      requestId: '17A1B2C3D4E5F607',
    });
  });

  it('matches JSON keys case-insensitively and falls back to the request id header', async () => {
    server.reply(() => ({
      status: 426,
      headers: { 'x-amz-request-id': 'HEADERID' },
      body: '{"code":"XMinioAdminVersionMismatch","MESSAGE":"upgrade"}',
    }));
    expect(await rejection(call())).toMatchObject({
      status: 426,
      code: 'XMinioAdminVersionMismatch',
      message: 'upgrade',
      requestId: 'HEADERID',
    });
  });

  it('reads the S3 XML error', async () => {
    server.reply(() => ({
      status: 403,
      headers: { 'content-type': 'application/xml' },
      body:
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code>' +
        '<Message>The request signature we calculated does not match &amp; so on.</Message>' +
        '<Resource>/minio/admin/v3/info</Resource><RequestId>ABC</RequestId></Error>',
    }));
    expect(await rejection(call())).toMatchObject({
      status: 403,
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match & so on.',
      requestId: 'ABC',
    });
  });

  it('uses the status text for an empty 503', async () => {
    server.reply(() => ({ status: 503 }));
    expect(await rejection(call())).toMatchObject({ status: 503, code: 'Service Unavailable' });
  });

  it('uses the status text, and keeps the body in the message, when nothing parses', async () => {
    server.reply(() => ({ status: 502, body: 'bad gateway from proxy' }));
    expect(await rejection(call())).toMatchObject({
      status: 502,
      code: 'Bad Gateway',
      message: 'Bad Gateway: bad gateway from proxy',
    });
  });
});
