import * as s3sdk from '@aws-sdk/client-s3';
import {
  rawRequest,
  signedRequest,
  startTestStore,
  type TestStore,
} from '@stowage/test-support/store/harness';
import { listening, until } from '@stowage/test-support/wait';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// MinIO's ListenBucketNotification (madmin-protocol.md §5), read with the minio npm SDK's
// listener: events of one bucket filtered by name, prefix and suffix, as JSON lines.

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'watched' }));
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'other' }));
});
afterAll(() => t.close());

interface Record_ {
  eventName: string;
  s3: { bucket: { name: string }; object: { key: string; size?: number; eTag?: string } };
}

describe('ListenBucketNotification', () => {
  it('streams matching events to the minio SDK listener', async () => {
    const listener = t.minio.listenBucketNotification('watched', 'logs/', '.txt', [
      's3:ObjectCreated:*',
      's3:ObjectRemoved:*',
    ]);
    const heard: Record_[] = [];
    listener.on('notification', (r) => heard.push(r as Record_));
    const probe = 'logs/probe.txt';
    await listening(
      () => heard.length > 0,
      () => t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'watched', Key: probe, Body: 'p' })),
    );
    const got = () => heard.filter((r) => r.s3.object.key !== probe);
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'watched', Key: 'logs/a b.txt', Body: 'hello' }));
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'watched', Key: 'logs/skip.bin', Body: 'x' }));
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'watched', Key: 'other/c.txt', Body: 'x' }));
    await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: 'other', Key: 'logs/d.txt', Body: 'x' }));
    await t.s3.send(new s3sdk.GetObjectCommand({ Bucket: 'watched', Key: 'logs/a b.txt' }));
    await t.s3.send(
      new s3sdk.DeleteObjectsCommand({
        Bucket: 'watched',
        Delete: { Objects: [{ Key: 'logs/a b.txt' }, { Key: 'logs/skip.bin' }] },
      }),
    );
    await until(() => got().length >= 2, { timeout: 5000, interval: 100 });
    listener.stop();
    expect(got().map((r) => [r.eventName, r.s3.bucket.name, r.s3.object.key])).toEqual([
      ['s3:ObjectCreated:Put', 'watched', 'logs/a b.txt'],
      ['s3:ObjectRemoved:Delete', 'watched', 'logs/a b.txt'],
    ]);
    expect(got()[0]?.s3.object).toMatchObject({ size: 5, eTag: '5d41402abc4b2a76b9719d911017c592' });
  });

  it('refuses unknown event names, two prefixes, and anonymous listeners', async () => {
    const bad = await signedRequest(t.store.port, { method: 'GET', path: '/watched?events=s3:Nothing:*' });
    expect(bad.status).toBe(400);
    const two = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/watched?events=s3:ObjectCreated:*&prefix=a&prefix=b',
    });
    expect(two.status).toBe(400);
    expect((await rawRequest(t.store.port, 'GET', '/watched?events=s3:ObjectCreated:*')).status).toBe(403);
    const missing = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/nosuch?events=s3:ObjectCreated:*',
    });
    expect(missing.status).toBe(404);
  });
});
