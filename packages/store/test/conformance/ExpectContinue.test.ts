import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import * as s3sdk from '@aws-sdk/client-s3';
import {
  ROOT,
  signedRequest,
  sigV4Headers,
  startTestStore,
  type TestStore,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestHead } from './wire.js';

// `Expect: 100-continue`: the store looks at the head (signature, bucket, access, conditions)
// before it asks for the body, so a doomed upload is refused before a byte of it is sent.

const { CreateBucketCommand, GetObjectCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'cont' }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'cont', Key: 'taken', Body: 'first' }));
});
afterAll(() => t.close());

/** A signed head that asks for 100 Continue before its body. */
function head(path: string, body: Buffer, extra: Record<string, string> = {}, secret?: string): Buffer {
  const headers = sigV4Headers(t.store.port, {
    method: 'PUT',
    path,
    payloadHash: createHash('sha256').update(body).digest('hex'),
    headers: { ...extra, 'content-length': String(body.length), expect: '100-continue' },
    ...(secret ? { creds: { accessKey: ROOT.accessKey, secretKey: secret } } : {}),
  });
  return requestHead('PUT', path, headers);
}

interface Conn {
  socket: Socket;
  text(): string;
  closed: Promise<void>;
}

async function open(): Promise<Conn> {
  const socket = connect({ host: '127.0.0.1', port: t.store.port });
  const received: Buffer[] = [];
  socket.on('data', (d: Buffer) => received.push(d));
  socket.on('error', () => {});
  const closed = once(socket, 'close').then(() => {});
  await once(socket, 'connect');
  return { socket, text: () => Buffer.concat(received).toString('latin1'), closed };
}

/** Waits until the text sent so far matches, or 5 s pass. */
async function until(c: Conn, pattern: RegExp): Promise<string> {
  await vi
    .waitFor(
      () => {
        if (!pattern.test(c.text())) throw new Error(`nothing matches ${pattern} yet`);
      },
      { timeout: 5000, interval: 50 },
    )
    .catch(() => {});
  return c.text();
}

describe('Expect: 100-continue', () => {
  it('a good upload gets 100 Continue, sends its body, and is stored', async () => {
    const body = randomBytes(256 * 1024);
    const c = await open();
    c.socket.write(head('/cont/fresh', body));
    expect(await until(c, /\r\n\r\n/)).toBe('HTTP/1.1 100 Continue\r\n\r\n');
    c.socket.write(body);
    expect(await until(c, /HTTP\/1\.1 200 /)).toMatch(/HTTP\/1\.1 200 OK/);
    c.socket.destroy();
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'cont', Key: 'fresh' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
  });

  it.each([
    ['a bucket that does not exist', '/nowhere/k', {}, undefined, 404, 'NoSuchBucket'],
    ['a wrong signature', '/cont/k', {}, 'not-the-secret', 403, 'SignatureDoesNotMatch'],
    [
      'a create-only write of a key that exists',
      '/cont/taken',
      { 'if-none-match': '*' },
      undefined,
      412,
      'PreconditionFailed',
    ],
  ])('%s is refused without 100, and the connection closes', async (_, path, extra, secret, status, code) => {
    const body = randomBytes(64 * 1024);
    const c = await open();
    c.socket.write(head(path, body, extra, secret));
    const text = await until(c, /<\/Error>/);
    expect(text.slice(0, 200)).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(text).not.toContain('100 Continue');
    expect(text).toContain(`<Code>${code}</Code>`);
    expect(text).toMatch(/connection: close/i);
    // The body never asked for is not read as the next request: the connection ends.
    c.socket.write(body);
    await Promise.race([c.closed, sleep(5000)]);
    expect(c.socket.destroyed || c.socket.readableEnded).toBe(true);
    const kept = await t.s3.send(new GetObjectCommand({ Bucket: 'cont', Key: 'taken' }));
    expect(await kept.Body!.transformToString()).toBe('first');
  });

  it('a large body sent without waiting is refused with its answer, not a reset', async () => {
    const body = Buffer.alloc(24 * 1024 * 1024, 1);
    const headers = sigV4Headers(t.store.port, {
      method: 'PUT',
      path: '/nowhere/k',
      payloadHash: 'UNSIGNED-PAYLOAD',
      headers: { 'content-length': String(body.length) },
    });
    const c = await open();
    let reset = false;
    c.socket.on('error', () => {
      reset = true;
    });
    c.socket.write(requestHead('PUT', '/nowhere/k', headers));
    // Sends the whole body, as a client that does not ask for 100 Continue does.
    for (let at = 0; at < body.length && !c.socket.destroyed; at += 1024 * 1024) {
      if (!c.socket.write(body.subarray(at, at + 1024 * 1024)))
        await Promise.race([once(c.socket, 'drain'), c.closed]);
    }
    await Promise.race([c.closed, sleep(5000)]);
    expect(c.text()).toMatch(/^HTTP\/1\.1 404 /);
    expect(c.text()).toContain('<Code>NoSuchBucket</Code>');
    expect(reset).toBe(false);
  });

  it('the AWS SDK, which asks for 100 Continue on large bodies, still uploads', async () => {
    const body = randomBytes(3 * 1024 * 1024);
    await t.s3.send(new PutObjectCommand({ Bucket: 'cont', Key: 'sdk', Body: body }));
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'cont', Key: 'sdk' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
  });
});

describe('other Expect values', () => {
  it.each([
    ['empty', ''],
    ['unknown', 'something-else'],
    ['parameterised', 'foo=bar; baz'],
  ])('an %s Expect is ignored, as S3 ignores it, not refused with 417', async (_name, value) => {
    const key = `expect-${value.length}`;
    const res = await signedRequest(t.store.port, {
      method: 'PUT',
      path: `/cont/${key}`,
      body: 'kept',
      headers: { expect: value },
    });
    expect(res.status).toBe(200);
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'cont', Key: key }));
    expect(await got.Body?.transformToString()).toBe('kept');
  });
});
