import { createHash, createHmac } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { EMPTY_SHA256, scopeString, signingKey } from '@stowage/madmin';
import {
  ROOT,
  sigV4Headers,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskChanges, snapshotDrives } from './disk.js';
import { requestHead, sendRaw } from './wire.js';

// Signed aws-chunked uploads (STREAMING-AWS4-HMAC-SHA256-PAYLOAD) corrupted on the wire:
// a changed data byte or chunk signature is SignatureDoesNotMatch and nothing is stored.
// An intact upload built the same way goes through first, so the framing is known good.

const { CreateBucketCommand, GetObjectCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'target' }));
});
afterAll(() => t.close());

function streamingPut(key: string, data: Buffer, corrupt?: (body: Buffer, sigAt: number) => void) {
  const sizes = [65536, data.length - 65536];
  // Each chunk: "<hex>;chunk-signature=<64 hex>\r\n<data>\r\n", then the empty final chunk.
  const frame = (size: number) => `${size.toString(16)};chunk-signature=`.length + 64 + 4 + size;
  const encodedLength = [...sizes, 0].reduce((n, s) => n + frame(s), 0);
  const path = `/target/${key}`;
  const headers = sigV4Headers(t.store.port, {
    method: 'PUT',
    path,
    payloadHash: 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
    headers: {
      'content-encoding': 'aws-chunked',
      'x-amz-decoded-content-length': String(data.length),
      'content-length': String(encodedLength),
      connection: 'close',
    },
  });
  const date = headers['x-amz-date']!;
  const scope = { date: date.slice(0, 8), region: 'us-east-1', service: 's3' };
  const key4 = signingKey(ROOT.secretKey, scope);
  let prev = /Signature=([0-9a-f]{64})/.exec(headers.authorization!)![1]!;
  const parts: Buffer[] = [];
  let offset = 0;
  for (const size of [...sizes, 0]) {
    const chunk = data.subarray(offset, offset + size);
    offset += size;
    const hash = createHash('sha256').update(chunk).digest('hex');
    const text = ['AWS4-HMAC-SHA256-PAYLOAD', date, scopeString(scope), prev, EMPTY_SHA256, hash].join('\n');
    prev = createHmac('sha256', key4).update(text).digest('hex');
    parts.push(Buffer.from(`${size.toString(16)};chunk-signature=${prev}\r\n`), chunk, Buffer.from('\r\n'));
  }
  const body = Buffer.concat(parts);
  expect(body.length).toBe(encodedLength);
  corrupt?.(body, `${sizes[0]!.toString(16)};chunk-signature=`.length);
  return sendRaw(t.store.port, [requestHead('PUT', path, headers), body], { after: 'wait', waitMs: 3000 });
}

describe('signed aws-chunked uploads corrupted in transit', () => {
  it('intact: stored; a flipped data byte or chunk signature: SignatureDoesNotMatch, nothing stored', async () => {
    const data = Buffer.alloc(70_000, 5);
    const ok = await streamingPut('intact', data);
    expect(ok.status).toBe(200);
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'target', Key: 'intact' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(data)).toBe(true);

    const before = await snapshotDrives(t.dir);
    for (const key of ['intact', 'fresh']) {
      const flipped = await streamingPut(key, data, (body) => {
        body.writeUInt8(body.readUInt8(body.length - 500) ^ 1, body.length - 500);
      });
      expect([flipped.status, xmlCode(flipped.text)]).toEqual([403, 'SignatureDoesNotMatch']);
      const badSig = await streamingPut(key, data, (body, at) => {
        body[at + 10] = body[at + 10] === 0x30 ? 0x31 : 0x30;
      });
      expect([badSig.status, xmlCode(badSig.text)]).toEqual([403, 'SignatureDoesNotMatch']);
    }
    expect(diskChanges(before, await snapshotDrives(t.dir))).toEqual([]);
  });
});
