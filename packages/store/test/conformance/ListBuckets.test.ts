import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, startTestStore, type TestStore } from '../support/store.js';

const { CreateBucketCommand, ListBucketsCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t.close());

describe('ListBuckets', () => {
  it('lists no buckets on a fresh store', async () => {
    const out = await t.s3.send(new ListBucketsCommand({}));
    expect(out.Buckets ?? []).toEqual([]);
    expect(out.Owner?.ID).toBeTruthy();
  });

  it('lists created buckets by name with creation dates', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'zeta' }));
    await t.s3.send(new CreateBucketCommand({ Bucket: 'alpha' }));
    const out = await t.s3.send(new ListBucketsCommand({}));
    expect(out.Buckets?.map((b) => b.Name)).toEqual(['alpha', 'zeta']);
    for (const b of out.Buckets ?? []) expect(b.CreationDate).toBeInstanceOf(Date);
  });

  it('works through the minio SDK', async () => {
    const buckets = await t.minio.listBuckets();
    expect(buckets.map((b) => b.name)).toEqual(['alpha', 'zeta']);
  });

  it('carries the common response headers', async () => {
    const res = await rawRequest(t.store.port, 'GET', '/');
    expect(res.status).toBe(403);
    expect(res.headers.server).toBeTruthy();
    expect(res.headers['x-amz-request-id']).toMatch(/^[0-9A-F]{16}$/);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
    expect(res.body).toMatch(
      /^<\?xml[^>]*>\n<Error><Code>AccessDenied<\/Code><Message>[^<]+<\/Message><Resource>\/<\/Resource><RequestId>[0-9A-F]{16}<\/RequestId>/,
    );
  });
});
