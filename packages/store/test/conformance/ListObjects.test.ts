import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStore, type TestStore } from '../support/store.js';

const { CreateBucketCommand, ListObjectsCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
const keys = ['a/1', 'a/2', 'b', 'c/d/e', 'f'];
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'list-v1' }));
  for (const Key of keys) await t.s3.send(new PutObjectCommand({ Bucket: 'list-v1', Key, Body: 'x' }));
});
afterAll(() => t.close());

describe('ListObjects (v1)', () => {
  it('pages with Marker / NextMarker across keys and prefixes', async () => {
    const seen: string[] = [];
    let marker: string | undefined;
    for (;;) {
      const out = await t.s3.send(
        new ListObjectsCommand({
          Bucket: 'list-v1',
          Delimiter: '/',
          MaxKeys: 2,
          ...(marker ? { Marker: marker } : {}),
        }),
      );
      seen.push(
        ...(out.Contents ?? []).map((c) => c.Key!),
        ...(out.CommonPrefixes ?? []).map((p) => p.Prefix!),
      );
      if (!out.IsTruncated) break;
      marker = out.NextMarker;
    }
    expect(seen.sort()).toEqual(['a/', 'b', 'c/', 'f']);
  });

  it('works through the minio SDK (which lists with v1)', async () => {
    const items = await t.minio.listObjects('list-v1', '', true).toArray();
    expect(items.map((i: { name?: string }) => i.name)).toEqual(keys);
  });
});
