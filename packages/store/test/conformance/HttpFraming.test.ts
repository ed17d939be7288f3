import * as s3sdk from '@aws-sdk/client-s3';
import {
  signedRequest,
  sigV4Headers,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHead, sendRaw } from './wire.js';

// The HTTP layer's own refusals: framing RFC 9112 calls faulty, headers Node would drop,
// and what every answer carries (HEAD errors in headers, HostId, Date).

const { CreateBucketCommand, GetObjectCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'wire' }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'wire', Key: 'kept', Body: 'original' }));
});
afterAll(() => t.close());

const read = async (key: string) =>
  (await t.s3.send(new GetObjectCommand({ Bucket: 'wire', Key: key }))).Body!.transformToString();

const chunkedPut = (version: string, coding: string) =>
  Buffer.concat([
    Buffer.from(
      `PUT /wire/te HTTP/${version}\r\nHost: 127.0.0.1:${t.store.port}\r\nConnection: keep-alive\r\nTransfer-Encoding: ${coding}\r\n\r\n5\r\nhello\r\n0\r\n\r\n`,
    ),
    Buffer.from(`GET /wire/kept HTTP/1.1\r\nHost: 127.0.0.1:${t.store.port}\r\n\r\n`),
  ]);

describe('HTTP framing and headers', () => {
  it('does not lose a header after two thousand others: If-None-Match still guards the key', async () => {
    const path = '/wire/kept';
    const body = Buffer.from('replaced');
    const signed = sigV4Headers(t.store.port, {
      method: 'PUT',
      path,
      payloadHash: 'UNSIGNED-PAYLOAD',
      headers: { 'content-length': String(body.length) },
    });
    const junk = Object.fromEntries(Array.from({ length: 2010 }, (_, i) => [i.toString(36), '']));
    const head = requestHead('PUT', path, { ...signed, ...junk, 'if-none-match': '*' });
    const res = await sendRaw(t.store.port, [head, body], { after: 'wait' });
    expect(res.status).toBe(412);
    expect(await read('kept')).toBe('original');
  });

  it('refuses Transfer-Encoding on HTTP/1.0 (400) and codings other than chunked (501), and closes', async () => {
    for (const [version, coding, status] of [
      ['1.0', 'chunked', 400],
      ['1.1', 'gzip, chunked', 501],
      ['1.1', 'chunked, identity', 400],
    ] as const) {
      const res = await sendRaw(t.store.port, [chunkedPut(version, coding)], { after: 'wait' });
      expect(res.status, `${version} ${coding}`).toBe(status);
      // Closed after the refusal: the GET behind it never runs.
      expect(res.text.match(/^HTTP\/1\.1 /gm)?.length, `${version} ${coding}`).toBe(1);
      expect(res.text, `${version} ${coding}`).toMatch(/\r\nDate: /);
    }
    await expect(read('te')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('a HEAD error carries its code and message in headers; HostId is X-Amz-Id-2', async () => {
    const head = await signedRequest(t.store.port, { method: 'HEAD', path: '/wire/absent' });
    expect([head.status, head.headers['x-minio-error-code'], head.body]).toEqual([404, 'NoSuchKey', '']);
    expect(head.headers['x-minio-error-desc']).toMatch(/^".+"$/);
    const get = await signedRequest(t.store.port, { method: 'GET', path: '/wire/absent' });
    expect(xmlCode(get.body)).toBe('NoSuchKey');
    expect(/<HostId>([^<]*)<\/HostId>/.exec(get.body)?.[1]).toBe(get.headers['x-amz-id-2']);
  });
});
