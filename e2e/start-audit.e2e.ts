import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { type Stack, startStack } from './support/stack.js';

// `stowage start` wires its store's audit webhook to its own console: audit log search works
// with nothing configured, and the webhook's token is the one this run made.

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

async function login(): Promise<string> {
  const res = await fetch(`${stack.consoleUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accessKey: stack.rootUser, secretKey: stack.rootPassword }),
  });
  expect(res.status).toBe(204);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

describe('stowage start: audit log search out of the box', () => {
  test('a bucket made over S3 shows up in GET /logs/search; the session offers log-search', async () => {
    const cookie = await login();
    const session = (await (
      await fetch(`${stack.consoleUrl}/api/v1/session`, { headers: { cookie } })
    ).json()) as {
      features?: string[];
    };
    expect(session.features).toContain('log-search');

    const s3 = new S3Client({
      endpoint: stack.s3Url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: stack.rootUser, secretAccessKey: stack.rootPassword },
    });
    await s3.send(new CreateBucketCommand({ Bucket: 'audited-bucket' }));
    s3.destroy();

    // The webhook posts asynchronously; poll until the entry is stored.
    type Found = { api_name: string; bucket: string; response_status_code: number };
    const found = await vi
      .waitFor(
        async () => {
          const res = await fetch(
            `${stack.consoleUrl}/api/v1/logs/search?q=reqinfo&fp=bucket:audited-bucket`,
            {
              headers: { cookie },
            },
          );
          expect(res.status).toBe(200);
          const body = (await res.json()) as { results: Found[] };
          const entry = body.results.find((r) => r.api_name === 'CreateBucket');
          if (!entry) throw new Error('not delivered yet');
          return entry;
        },
        { timeout: 10_000, interval: 100 },
      )
      .catch((): Found | undefined => undefined);
    expect(found).toMatchObject({
      api_name: 'CreateBucket',
      bucket: 'audited-bucket',
      response_status_code: 200,
    });
  });

  test('the ingest endpoint refuses a caller without the run token', async () => {
    const res = await fetch(`${stack.consoleUrl}/api/v1/audit/ingest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer not-the-token' },
      body: JSON.stringify({ api: { name: 'Forged' } }),
    });
    expect(res.status).toBe(401);
  });
});
