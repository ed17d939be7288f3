import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import * as s3sdk from '@aws-sdk/client-s3';
import { sigV4Headers, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHead } from './wire.js';

// Requests pipelined on one connection (HTTP/1.1): each runs after the one sent before it,
// and errors with a body read whole keep the connection for the next request.

const { CreateBucketCommand, GetObjectCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'piped' }));
});
afterAll(() => t.close());

const unsigned = 'UNSIGNED-PAYLOAD';

/** One request's bytes: a signed head, then its body. */
function request(method: string, path: string, body = Buffer.alloc(0), headers: Record<string, string> = {}) {
  const signed = sigV4Headers(t.store.port, {
    method,
    path,
    payloadHash: unsigned,
    headers: { ...headers, 'content-length': String(body.length) },
  });
  return Buffer.concat([requestHead(method, path, signed), body]);
}

/** Sends the requests back to back on one connection; the statuses and bodies of the answers. */
async function pipeline(requests: Buffer[], answers: number): Promise<{ status: number; body: string }[]> {
  const socket = connect({ host: '127.0.0.1', port: t.store.port });
  await once(socket, 'connect');
  socket.write(Buffer.concat(requests));
  return readAnswers(socket, answers);
}

/** Reads `count` answers off a connection, then closes it. */
async function readAnswers(socket: Socket, count: number): Promise<{ status: number; body: string }[]> {
  let received = Buffer.alloc(0);
  const out: { status: number; body: string }[] = [];
  for await (const chunk of socket) {
    received = Buffer.concat([received, chunk as Buffer]);
    for (;;) {
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) break;
      const head = received.subarray(0, end).toString('latin1');
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (received.length < end + 4 + length) break;
      out.push({
        status: Number(head.slice(9, 12)),
        body: received.subarray(end + 4, end + 4 + length).toString('latin1'),
      });
      received = received.subarray(end + 4 + length);
    }
    if (out.length === count) break;
  }
  socket.destroy();
  return out;
}

describe('pipelined requests', () => {
  it('run in the order sent: a later write wins, a read sees the write before it', async () => {
    const big = randomBytes(3 * 1024 * 1024);
    const answers = await pipeline(
      [
        request('PUT', '/piped/k', big),
        request('PUT', '/piped/k', Buffer.from('small')),
        request('GET', '/piped/k'),
        request('DELETE', '/piped/k'),
        request('GET', '/piped/k'),
      ],
      5,
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 204, 404]);
    expect(answers[2]!.body).toBe('small');
  });

  it('a client that sends many and reads none holds the rest back: answers are not all made at once', async () => {
    await t.s3.send(
      new s3sdk.PutObjectCommand({ Bucket: 'piped', Key: 'held', Body: randomBytes(128 * 1024) }),
    );
    const socket = connect({ host: '127.0.0.1', port: t.store.port });
    await once(socket, 'connect');
    socket.pause();
    socket.write(Buffer.concat(Array.from({ length: 200 }, () => request('GET', '/piped/held'))));
    // A check that something does not happen: the store gets a window in which it would
    // answer all 200 were it not holding back (a stuck answer has no other sign).
    await new Promise((r) => setTimeout(r, 500));
    // Whatever the store had not answered yet now finds the object gone.
    await t.s3.send(new s3sdk.DeleteObjectCommand({ Bucket: 'piped', Key: 'held' }));
    socket.resume();
    const statuses = (await readAnswers(socket, 200)).map((a) => a.status);
    expect(statuses.filter((s) => s === 404).length).toBeGreaterThan(100);
  });

  it('a request asking to close is answered, then the connection closes', async () => {
    const plain = Buffer.from('GET /minio/health/live HTTP/1.1\r\nHost: x\r\n\r\n');
    const closing = Buffer.from('GET /minio/health/live HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    for (const tail of [plain, Buffer.from('GARBAGE\r\n\r\n')]) {
      const socket = connect({ host: '127.0.0.1', port: t.store.port });
      await once(socket, 'connect');
      socket.write(Buffer.concat(tail === plain ? [plain, closing, plain] : [plain, plain, tail]));
      let text = '';
      for await (const chunk of socket) text += (chunk as Buffer).toString('latin1');
      expect(text.match(/HTTP\/1\.1 200/g)?.length, text).toBe(2);
    }
    // A request pipelined behind the closing one is never answered, so it must not run.
    const socket = connect({ host: '127.0.0.1', port: t.store.port });
    await once(socket, 'connect');
    socket.write(Buffer.concat([closing, request('PUT', '/piped/after-close', Buffer.from('x'))]));
    let text = '';
    for await (const chunk of socket) text += (chunk as Buffer).toString('latin1');
    expect(text.match(/HTTP\/1\.1 /g)?.length).toBe(1);
    await expect(
      t.s3.send(new s3sdk.HeadObjectCommand({ Bucket: 'piped', Key: 'after-close' })),
    ).rejects.toMatchObject({
      name: 'NotFound',
    });
  });

  it('an error after a body read whole keeps the connection for the next request', async () => {
    const answers = await pipeline(
      [
        request('PUT', '/piped/md5', Buffer.from('abc'), { 'content-md5': 'AAAAAAAAAAAAAAAAAAAAAA==' }),
        request('PUT', '/piped/after', Buffer.from('next')),
      ],
      2,
    );
    expect(answers.map((a) => a.status)).toEqual([400, 200]);
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'piped', Key: 'after' }));
    expect(await got.Body!.transformToString()).toBe('next');
  });
});
