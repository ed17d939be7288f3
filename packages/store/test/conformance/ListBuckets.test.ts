import * as s3sdk from '@aws-sdk/client-s3';
import {
  rawRequest,
  signedRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, ListBucketsCommand, paginateListBuckets } = s3sdk;

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

  it('pages with max-buckets and a continuation token, and filters by prefix', async () => {
    for (const name of ['page-a', 'page-b', 'page-c', 'page-d', 'page-e'])
      await t.s3.send(new CreateBucketCommand({ Bucket: name }));
    const first = await t.s3.send(new ListBucketsCommand({ Prefix: 'page-', MaxBuckets: 2 }));
    expect([first.Buckets?.map((b) => b.Name), first.Prefix]).toEqual([['page-a', 'page-b'], 'page-']);
    expect(first.ContinuationToken).toBeTruthy();
    const names: string[] = [];
    for await (const page of paginateListBuckets({ client: t.s3, pageSize: 2 }, { Prefix: 'page-' }))
      names.push(...(page.Buckets ?? []).map((b) => b.Name!));
    expect(names).toEqual(['page-a', 'page-b', 'page-c', 'page-d', 'page-e']);
    const last = await t.s3.send(new ListBucketsCommand({ Prefix: 'page-', MaxBuckets: 5 }));
    expect(last.ContinuationToken).toBeUndefined();
    for (const query of [
      'max-buckets=0',
      'max-buckets=10001',
      'max-buckets=x',
      'continuation-token=forged',
    ]) {
      const res = await signedRequest(t.store.port, { method: 'GET', path: `/?${query}` });
      expect([res.status, xmlCode(res.body)], query).toEqual([400, 'InvalidArgument']);
    }
  });

  it("takes an empty continuation-token as none and names each bucket's region", async () => {
    const out = await t.s3.send(
      new ListBucketsCommand({ ContinuationToken: '', MaxBuckets: 2, Prefix: 'page-' }),
    );
    expect(out.Buckets?.map((b) => [b.Name, b.BucketRegion])).toEqual([
      ['page-a', 'us-east-1'],
      ['page-b', 'us-east-1'],
    ]);
    expect(out.ContinuationToken).toBeTruthy();
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
