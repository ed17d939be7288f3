import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import * as s3sdk from '@aws-sdk/client-s3';
import { sigV4Headers, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { diskChanges, snapshotDrives } from './disk.js';
import { form } from './post-form.js';
import { requestHead } from './wire.js';

// Clients that stall, against a store whose idle timeout is short: an upload that keeps
// sending lands however long it takes; one that stops gets RequestTimeout and leaves nothing
// on the drives; a download the client stops reading is cut and holds nothing up.

const { GetObjectCommand, HeadObjectCommand, PutObjectCommand, CreateBucketCommand } = s3sdk;
// Long enough that a busy test machine's pauses stay well inside it.
const IDLE = 1000;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore({ idleTimeoutMs: IDLE });
  await t.s3.send(new CreateBucketCommand({ Bucket: 'stalls' }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'stalls', Key: 'existing', Body: 'original' }));
});
afterAll(() => t.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A raw connection: what the server sent, and whether it closed the connection. */
function open(): { socket: Socket; text: () => string; bytes: () => number; closed: Promise<void> } {
  const socket = connect({ host: '127.0.0.1', port: t.store.port });
  const received: Buffer[] = [];
  socket.on('data', (d: Buffer) => received.push(d));
  socket.on('error', () => {});
  return {
    socket,
    text: () => Buffer.concat(received).toString('latin1'),
    bytes: () => received.reduce((n, b) => n + b.length, 0),
    closed: once(socket, 'close').then(() => {}),
  };
}

const within = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), sleep(ms).then(() => false)]);

async function bodyOf(key: string): Promise<Buffer> {
  const got = await t.s3.send(new GetObjectCommand({ Bucket: 'stalls', Key: key }));
  return Buffer.from(await got.Body!.transformToByteArray());
}

describe('uploads that stall', () => {
  it.each([
    ['read whole (8 KiB)', 8 * 1024],
    ['streamed to the drives (3 MiB)', 3 * 1024 * 1024],
  ])('an upload that keeps sending, %s, lands however long it takes', async (_name, size) => {
    const body = randomBytes(size);
    const path = `/stalls/slow-${size}`;
    const headers = sigV4Headers(t.store.port, {
      method: 'PUT',
      path,
      payloadHash: sha256(body),
      headers: { 'content-length': String(size) },
    });
    const c = open();
    c.socket.write(requestHead('PUT', path, headers));
    // 25 pieces, each after a tenth of the idle timeout: 2.5 idle timeouts in all.
    const piece = Math.ceil(size / 25);
    for (let at = 0; at < size; at += piece) {
      await sleep(IDLE / 10); // the slow client under test: real time passes between pieces
      c.socket.write(body.subarray(at, at + piece));
    }
    await vi.waitFor(() => expect(c.text()).toMatch(/\r\n\r\n/), { timeout: 5000, interval: 20 });
    expect(c.text()).toMatch(/^HTTP\/1\.1 200 /);
    c.socket.destroy();
    expect((await bodyOf(`slow-${size}`)).equals(body)).toBe(true);
  });

  it.each([
    ['read whole (8 KiB)', 8 * 1024],
    ['streamed to the drives (3 MiB)', 3 * 1024 * 1024],
  ])(
    'an upload that stops halfway, %s: RequestTimeout (400), closed, nothing written',
    async (_name, size) => {
      const before = await snapshotDrives(t.dir);
      for (const key of ['existing', 'fresh']) {
        const path = `/stalls/${key}`;
        const headers = sigV4Headers(t.store.port, {
          method: 'PUT',
          path,
          payloadHash: 'UNSIGNED-PAYLOAD',
          headers: { 'content-length': String(size) },
        });
        const c = open();
        c.socket.write(requestHead('PUT', path, headers));
        c.socket.write(Buffer.alloc(size / 2, 7));
        expect(await within(c.closed, IDLE * 10)).toBe(true);
        expect(c.text()).toMatch(/^HTTP\/1\.1 400 /);
        expect(/<Code>([^<]*)<\/Code>/.exec(c.text())?.[1]).toBe('RequestTimeout');
      }
      // The empty data folder of a failed upload goes in the background.
      await vi.waitFor(async () => expect(diskChanges(before, await snapshotDrives(t.dir))).toEqual([]));
      expect((await bodyOf('existing')).toString()).toBe('original');
      await expect(t.s3.send(new HeadObjectCommand({ Bucket: 'stalls', Key: 'fresh' }))).rejects.toThrow();
    },
  );
});

describe('form uploads that stall', () => {
  it('a POST form that stops before its end: RequestTimeout (400), closed, nothing written', async () => {
    const policy = t.minio.newPostPolicy();
    policy.setBucket('stalls');
    policy.setKey('posted');
    policy.setExpires(new Date(Date.now() + 600_000));
    const post = (await t.minio.presignedPostPolicy(policy)) as { formData: Record<string, string> };
    const { body, contentType } = form(post.formData, { name: 'f.bin', data: Buffer.alloc(1000, 1) });
    const c = open();
    // Content-Length promises 100 bytes more than ever come.
    c.socket.write(
      requestHead('POST', '/stalls', {
        host: `127.0.0.1:${t.store.port}`,
        'content-type': contentType,
        'content-length': String(body.length + 100),
      }),
    );
    c.socket.write(body);
    expect(await within(c.closed, IDLE * 10)).toBe(true);
    expect(c.text()).toMatch(/^HTTP\/1\.1 400 /);
    expect(/<Code>([^<]*)<\/Code>/.exec(c.text())?.[1]).toBe('RequestTimeout');
    await expect(t.s3.send(new HeadObjectCommand({ Bucket: 'stalls', Key: 'posted' }))).rejects.toThrow();
  });
});

describe('downloads that stall', () => {
  it('a download the client stops reading is cut, and the object can be replaced at once', async () => {
    const size = 48 * 1024 * 1024;
    await t.s3.send(new PutObjectCommand({ Bucket: 'stalls', Key: 'big', Body: randomBytes(size) }));
    const path = '/stalls/big';
    const c = open();
    c.socket.write(
      requestHead(
        'GET',
        path,
        sigV4Headers(t.store.port, { method: 'GET', path, payloadHash: sha256(Buffer.alloc(0)) }),
      ),
    );
    // Never reads: the socket buffers on both sides fill (up to 36 MiB here), then the
    // store's writes wait.
    c.socket.pause();
    // The real clock must pass: the reader stays stalled beyond the idle timeout.
    await sleep(IDLE * 4);
    c.socket.resume();
    expect(await within(c.closed, 10_000)).toBe(true);
    expect(c.text()).toMatch(/^HTTP\/1\.1 200 /);
    expect(c.bytes()).toBeLessThan(size);
    // Nothing of the cut read holds the key: it can be replaced and read back.
    await t.s3.send(new PutObjectCommand({ Bucket: 'stalls', Key: 'big', Body: 'replaced' }));
    expect((await bodyOf('big')).toString()).toBe('replaced');
  });
});
