import { request } from 'node:http';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import {
  type RawResponse,
  ROOT,
  rawRequest,
  signedRequest,
  sigV4Headers,
  startTestStore,
  storeMetric,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const { CreateBucketCommand } = s3sdk;

// MinIO's api requests_max and requests_deadline: S3 requests past the limit wait their turn
// for up to the deadline, then get 429 TooManyRequests. Admin, health and STS calls are not
// counted, nor is a ListenBucketNotification stream. Both settings apply as soon as set.

let t: TestStore;
let admin: MadminClient;
beforeAll(async () => {
  t = await startTestStore();
  admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
  await t.s3.send(new CreateBucketCommand({ Bucket: 'limits' }));
});
afterAll(() => t.close());

interface HeldPut {
  /** Resolves once the store asked for the body: the request holds its place. */
  admitted: Promise<void>;
  /** Sends the rest of the body; resolves with the answer. */
  finish(): Promise<RawResponse>;
}

/** A PUT whose body waits for `finish`: `Expect: 100-continue` shows when it got in. */
function heldPut(key: string): HeldPut {
  const body = Buffer.from('0123456789');
  const path = `/limits/${key}`;
  const headers = sigV4Headers(t.store.port, {
    method: 'PUT',
    path,
    payloadHash: 'UNSIGNED-PAYLOAD',
    headers: { 'content-length': String(body.length), expect: '100-continue' },
  });
  let answer!: Promise<RawResponse>;
  const req = request({ host: '127.0.0.1', port: t.store.port, method: 'PUT', path, headers });
  const admitted = new Promise<void>((resolve, reject) => {
    answer = new Promise<RawResponse>((done) => {
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      });
    });
    req.on('continue', () => resolve());
    req.on('error', reject);
  });
  req.flushHeaders();
  return {
    admitted,
    finish: () => {
      req.end(body);
      return answer;
    },
  };
}

/** The store's minio_s3_requests_waiting_total gauge, scraped as Prometheus does. */
const waitingGauge = () => storeMetric(t.store.port, 'minio_s3_requests_waiting_total');

const list = () => signedRequest(t.store.port, { method: 'GET', path: '/limits?list-type=2' });

describe('api requests_max and requests_deadline', () => {
  it("shows MinIO's defaults and refuses values of the wrong kind", async () => {
    const api = await admin.config.getKV('api');
    expect(api).toContain('requests_max=0');
    expect(api).toContain('requests_deadline=10s');
    await expect(admin.config.setKV('api requests_max=many')).rejects.toThrow(
      /requests_max' must be a whole number/,
    );
    await expect(admin.config.setKV('api requests_deadline=soon')).rejects.toThrow(
      /requests_deadline' must be a duration/,
    );
  });

  it('refuses a request that waited past the deadline with TooManyRequests; admin and health calls go on', async () => {
    await admin.config.setKV('api requests_max=2 requests_deadline=300ms');
    const held = [heldPut('a'), heldPut('b')];
    await Promise.all(held.map((h) => h.admitted));

    const refused = await list();
    expect(refused.status).toBe(429);
    expect(xmlCode(refused.body)).toBe('TooManyRequests');
    expect(refused.body).toContain('Please reduce your request rate');
    // Not counted: the administrator can still lift the limit, and health checks answer.
    expect(await admin.config.getKV('api')).toContain('requests_max=2');
    expect((await rawRequest(t.store.port, 'GET', '/minio/health/live')).status).toBe(200);

    // The places come back once the answers are finished.
    for (const h of held) expect((await h.finish()).status).toBe(200);
    expect((await list()).status).toBe(200);
  });

  it('lets a waiting request in, in arrival order, once a place frees', async () => {
    await admin.config.setKV('api requests_max=1 requests_deadline=20s');
    const first = heldPut('first');
    await first.admitted;
    const second = heldPut('second');
    let secondIn = false;
    void second.admitted.then(() => (secondIn = true));
    // The PUT waits first, then the listing behind it.
    await vi.waitFor(async () => expect(await waitingGauge()).toBe(1));
    const waitingList = list();
    await vi.waitFor(async () => expect(await waitingGauge()).toBe(2));
    expect(secondIn).toBe(false);

    expect((await first.finish()).status).toBe(200);
    await second.admitted; // next in line; the listing still waits behind it
    expect((await second.finish()).status).toBe(200);
    const listed = await waitingList;
    expect(listed.status).toBe(200);
    expect(listed.body).toContain('<Key>second</Key>');
    expect(await waitingGauge()).toBe(0);
  });

  it('applies a raised limit at once, and takes no place for a ListenBucketNotification stream', async () => {
    await admin.config.setKV('api requests_max=1 requests_deadline=300ms');
    const listen = new AbortController();
    const headers = sigV4Headers(t.store.port, {
      method: 'GET',
      path: '/limits?events=s3%3AObjectCreated%3A%2A',
      payloadHash: 'UNSIGNED-PAYLOAD',
    });
    const listening = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: t.store.port,
          path: '/limits?events=s3%3AObjectCreated%3A%2A',
          headers,
          signal: listen.signal,
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', (err) => (listen.signal.aborted ? undefined : reject(err)));
      req.end();
    });
    expect(await listening).toBe(200);
    // The one place is free although the stream is open.
    const held = heldPut('during-listen');
    await held.admitted;
    expect((await list()).status).toBe(429);
    await admin.config.setKV('api requests_max=2');
    expect((await list()).status).toBe(200);
    expect((await held.finish()).status).toBe(200);
    listen.abort();
    await admin.config.setKV('api requests_max=0 requests_deadline=10s');
  });
});
