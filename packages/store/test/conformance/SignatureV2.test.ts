import { createHmac } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import {
  ROOT,
  rawRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
const expires = (seconds = 600) => String(Math.floor(Date.now() / 1000) + seconds);

/** A presigned V2 URL's query for `method` on `resource` (what the signature covers). */
function presignedQuery(method: string, resource: string, seconds?: number): string {
  const at = expires(seconds);
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

  it('a presigned listing with an unsigned keyword appended (&events=) is refused, not turned into a stream', async () => {
    const query = presignedQuery('GET', '/vtwo');
    expect((await rawRequest(t.store.port, 'GET', `/vtwo?${query}`)).status).toBe(200);
    const events = await answer(`/vtwo?${query}&events=s3:ObjectCreated:*`);
    expect(events).toEqual({ status: 403, code: 'AccessDenied' });
    // ListBuckets' URL would become a stream of every bucket's events.
    const everywhere = await answer(`/?${presignedQuery('GET', '/')}&events=s3:ObjectCreated:*`);
    expect(everywhere).toEqual({ status: 403, code: 'AccessDenied' });
    // Every keyword the router reads and V2 cannot sign, at either position.
    for (const sub of ['policyStatus', 'publicAccessBlock', 'ownershipControls', 'intelligent-tiering']) {
      const res = await answer(`/vtwo?${query}&${sub}`);
      expect(res, sub).toEqual({ status: 403, code: 'AccessDenied' });
      expect(await answer(`/vtwo?${sub}&${query}`), sub).toEqual({ status: 403, code: 'AccessDenied' });
    }
  });

  it('the same keyword appended to a header-signed request is refused too', async () => {
    const date = new Date().toUTCString();
    const headers = { date, authorization: `AWS ${ROOT.accessKey}:${sign(`GET\n\n\n${date}\n/vtwo`)}` };
    expect((await rawRequest(t.store.port, 'GET', '/vtwo', headers)).status).toBe(200);
    expect(await answer('/vtwo?events=s3:ObjectCreated:*', headers)).toEqual({
      status: 403,
      code: 'AccessDenied',
    });
  });

  it('a keyword signed as the fixed query of the path is covered (botocore signs "/b?policyStatus")', async () => {
    const query = presignedQuery('GET', '/vtwo?policyStatus');
    const res = await rawRequest(t.store.port, 'GET', `/vtwo?policyStatus&${query}`);
    // Past authentication: a bucket without a policy is not public.
    expect([res.status, res.body.includes('<IsPublic>false</IsPublic>')]).toEqual([200, true]);
    // Said twice, the second is not signed.
    const twice = await answer(`/vtwo?policyStatus&${query}&policyStatus`);
    expect(twice).toEqual({ status: 403, code: 'AccessDenied' });
  });

  it('refuses a presigned URL that expires more than a week ahead', async () => {
    const week = 7 * 24 * 3600;
    const ok = await rawRequest(
      t.store.port,
      'GET',
      `/vtwo/k?${presignedQuery('GET', '/vtwo/k', week - 60)}`,
    );
    expect(ok.status).toBe(200);
    const far = await rawRequest(
      t.store.port,
      'GET',
      `/vtwo/k?${presignedQuery('GET', '/vtwo/k', 8 * 24 * 3600)}`,
    );
    expect([far.status, xmlCode(far.body)]).toEqual([400, 'AuthorizationQueryParametersError']);
    const century = await rawRequest(
      t.store.port,
      'GET',
      `/vtwo/k?${presignedQuery('GET', '/vtwo/k', 100 * 365 * 24 * 3600)}`,
    );
    expect([century.status, xmlCode(century.body)]).toEqual([400, 'AuthorizationQueryParametersError']);
  });
});

describe('Signature V4 presigned URLs', () => {
  it('sign the whole query: an appended &events= breaks the signature', async () => {
    const url = await t.minio.presignedUrl('GET', 'vtwo', '', 600);
    expect((await fetch(url)).status).toBe(200);
    const { pathname, search } = new URL(url);
    expect(await answer(`${pathname}${search}&events=s3:ObjectCreated:*`)).toEqual({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    expect(await answer(`${pathname}${search}&policyStatus`)).toEqual({
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
  });
});

/**
 * The status and error code of a GET. An answer that is a stream (what the refused requests
 * would have opened) is cut once its headers are in.
 */
async function answer(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; code?: string }> {
  const ctl = new AbortController();
  const res = await fetch(`${t.store.url}${path}`, { headers, signal: ctl.signal });
  if (res.status === 200) {
    ctl.abort();
    return { status: 200 };
  }
  const code = xmlCode(await res.text());
  return code === undefined ? { status: res.status } : { status: res.status, code };
}
