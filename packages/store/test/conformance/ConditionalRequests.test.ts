import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Conditional headers as RFC 9110 says and S3 and MinIO apply them, where it matters most:
// a resumed download of a replaced object, strong comparison for If-Match, and dates that
// are not HTTP dates; and what a copy reads of the tagging and metadata directives.

const { CreateBucketCommand, GetObjectTaggingCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
let etag: string;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'cond' }));
  const put = await t.s3.send(
    new PutObjectCommand({ Bucket: 'cond', Key: 'ten', Body: '0123456789', Tagging: 'src=yes' }),
  );
  etag = put.ETag!;
});
afterAll(() => t.close());

const get = (headers: Record<string, string>, method = 'GET') =>
  signedRequest(t.store.port, { method, path: '/cond/ten', headers });

describe('conditional reads', () => {
  it('If-Range that no longer holds ignores a Range past the end: the whole new object', async () => {
    for (const ifRange of ['"stale"', 'Sun, 06 Nov 1994 08:49:37 GMT']) {
      for (const method of ['GET', 'HEAD']) {
        for (const range of ['bytes=50-', 'bytes=0-1']) {
          const res = await get({ range, 'if-range': ifRange }, method);
          expect([res.status, res.headers['content-length']], `${method} ${range} ${ifRange}`).toEqual([
            200,
            '10',
          ]);
        }
      }
    }
    // Still holding, the range is judged: past the end is 416.
    const holds = await get({ range: 'bytes=50-', 'if-range': etag });
    expect([holds.status, holds.headers['content-range']]).toEqual([416, 'bytes */10']);
  });

  it('If-Match compares strongly: a weak tag matches nothing; If-None-Match compares weakly', async () => {
    const weak = await get({ 'if-match': `W/${etag}` });
    expect([weak.status, xmlCode(weak.body)]).toEqual([412, 'PreconditionFailed']);
    expect((await get({ 'if-match': etag })).status).toBe(200);
    expect((await get({ 'if-none-match': `W/${etag}` })).status).toBe(304);
  });

  it('ignores If-(Un)Modified-Since values that are not HTTP dates', async () => {
    for (const bad of ['1', '0', '2020', '1 January 2001', '2001-01-01T00:00:00Z'])
      expect((await get({ 'if-unmodified-since': bad })).status, bad).toBe(200);
    expect((await get({ 'if-unmodified-since': 'Sun, 06 Nov 1994 08:49:37 GMT' })).status).toBe(412);
    expect((await get({ 'if-modified-since': 'Sun, 06 Nov 1994 08:49:37 GMT' })).status).toBe(200);
    // The obsolete forms HTTP still accepts.
    expect((await get({ 'if-unmodified-since': 'Sunday, 06-Nov-94 08:49:37 GMT' })).status).toBe(412);
    expect((await get({ 'if-unmodified-since': 'Sun Nov  6 08:49:37 1994' })).status).toBe(412);
  });
});

describe('copies', () => {
  const copy = (key: string, headers: Record<string, string>) =>
    signedRequest(t.store.port, {
      method: 'PUT',
      path: `/cond/${key}`,
      headers: { 'x-amz-copy-source': '/cond/ten', ...headers },
    });

  it("ignores x-amz-tagging unless the tagging directive is REPLACE, and keeps the source's tags", async () => {
    const res = await copy('kept-tags', { 'x-amz-tagging': 'bad%tag=&&=' });
    expect(res.status).toBe(200);
    const tags = await t.s3.send(new GetObjectTaggingCommand({ Bucket: 'cond', Key: 'kept-tags' }));
    expect(tags.TagSet).toEqual([{ Key: 'src', Value: 'yes' }]);
    const replaced = await copy('bad-tags', {
      'x-amz-tagging': 'bad%tag=&&=',
      'x-amz-tagging-directive': 'REPLACE',
    });
    expect(replaced.status).toBe(400);
  });

  it('an empty directive is COPY, as MinIO reads it; a weak copy-source-if-match is 412', async () => {
    const empty = await copy('empty-directive', {
      'x-amz-metadata-directive': '',
      'x-amz-tagging-directive': '',
    });
    expect(empty.status).toBe(200);
    const weak = await copy('weak', { 'x-amz-copy-source-if-match': `W/${etag}` });
    expect([weak.status, xmlCode(weak.body)]).toEqual([412, 'PreconditionFailed']);
  });
});
