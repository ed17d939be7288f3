import { createHmac } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, rawRequest, startTestStore, type TestStore, xmlCode } from '../support/store.js';

// Signature Version 2 (MinIO accepts it; boto3 presigned with it by default): the string to
// sign names the request's sub-resources, every one of them, by the names the router reads.
// A signature made for one operation must never authorise another.

const { CreateBucketCommand, GetObjectTaggingCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'vtwo', ObjectLockEnabledForBucket: true }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'vtwo', Key: 'k', Body: 'x' }));
});
afterAll(() => t.close());

const sign = (text: string) => createHmac('sha1', ROOT.secretKey).update(text).digest('base64');
const expires = () => String(Math.floor(Date.now() / 1000) + 600);

/** A presigned V2 URL's query for `method` on `resource` (what the signature covers). */
function presignedQuery(method: string, resource: string): string {
  const at = expires();
  const signature = sign(`${method}\n\n\n${at}\n${resource}`);
  return `AWSAccessKeyId=${ROOT.accessKey}&Expires=${at}&Signature=${encodeURIComponent(signature)}`;
}

const TAGGING = '<Tagging><TagSet><Tag><Key>owned</Key><Value>yes</Value></Tag></TagSet></Tagging>';

describe('Signature V2', () => {
  it('a presigned PUT of an object works, and cannot be reused for a sub-resource, however spelled', async () => {
    const query = presignedQuery('PUT', '/vtwo/k');
    expect((await rawRequest(t.store.port, 'PUT', `/vtwo/k?${query}`, {}, 'new')).status).toBe(200);
    for (const sub of ['tagging', '%74agging', 'retention', 'legal-hold']) {
      const res = await rawRequest(t.store.port, 'PUT', `/vtwo/k?${sub}&${query}`, {}, TAGGING);
      expect([res.status, xmlCode(res.body)], sub).toEqual([403, 'SignatureDoesNotMatch']);
    }
    const tags = await t.s3.send(new GetObjectTaggingCommand({ Bucket: 'vtwo', Key: 'k' }));
    expect(tags.TagSet).toEqual([]);
  });

  it("a presigned list of a bucket cannot read the bucket's settings", async () => {
    const query = presignedQuery('GET', '/vtwo');
    expect((await rawRequest(t.store.port, 'GET', `/vtwo?${query}`)).status).toBe(200);
    for (const sub of ['encryption', 'object-lock', 'replication', '%70olicy', 'versioning']) {
      const res = await rawRequest(t.store.port, 'GET', `/vtwo?${sub}&${query}`);
      expect([res.status, xmlCode(res.body)], sub).toEqual([403, 'SignatureDoesNotMatch']);
    }
  });

  it('a header signature covers the sub-resource it names, and only that', async () => {
    const date = new Date().toUTCString();
    const headers = (resource: string) => ({
      date,
      authorization: `AWS ${ROOT.accessKey}:${sign(`GET\n\n\n${date}\n${resource}`)}`,
    });
    expect(
      (await rawRequest(t.store.port, 'GET', '/vtwo/k?tagging', headers('/vtwo/k?tagging'))).status,
    ).toBe(200);
    const reused = await rawRequest(t.store.port, 'GET', '/vtwo/k?%74agging', headers('/vtwo/k'));
    expect([reused.status, xmlCode(reused.body)]).toEqual([403, 'SignatureDoesNotMatch']);
  });
});
