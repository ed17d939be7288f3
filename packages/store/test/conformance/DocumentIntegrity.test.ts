import { createHash } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The XML documents of configuration requests and their integrity checks: a Content-MD5
// that does not match is BadDigest wherever it is sent, and the requests S3 (and MinIO)
// accept only with a check refuse to go without one.

const { CreateBucketCommand, PutObjectCommand, GetObjectRetentionCommand, GetObjectTaggingCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'docs', ObjectLockEnabledForBucket: true }));
  await t.s3.send(new PutObjectCommand({ Bucket: 'docs', Key: 'k', Body: 'x' }));
});
afterAll(() => t.close());

const md5 = (s: string) => createHash('md5').update(s).digest('base64');
const until = new Date(Date.now() + 86_400_000).toISOString();
const DOCS = {
  retention: `<Retention><Mode>GOVERNANCE</Mode><RetainUntilDate>${until}</RetainUntilDate></Retention>`,
  'legal-hold': '<LegalHold><Status>ON</Status></LegalHold>',
  tagging: '<Tagging><TagSet><Tag><Key>a</Key><Value>b</Value></Tag></TagSet></Tagging>',
};
const lifecycle =
  '<LifecycleConfiguration><Rule><ID>r</ID><Filter><Prefix>p/</Prefix></Filter><Status>Enabled</Status><Expiration><Days>1</Days></Expiration></Rule></LifecycleConfiguration>';

const put = (path: string, body: string, headers: Record<string, string> = {}) =>
  signedRequest(t.store.port, { method: 'PUT', path, body, headers });

describe('configuration documents', () => {
  it.each(Object.entries(DOCS))(
    '%s: a Content-MD5 of other bytes is BadDigest and changes nothing',
    async (kind, doc) => {
      const res = await put(`/docs/k?${kind}`, doc, { 'content-md5': md5(`${doc} `) });
      expect([res.status, xmlCode(res.body)]).toEqual([400, 'BadDigest']);
      const bad = await put(`/docs/k?${kind}`, doc, { 'content-md5': 'zz' });
      expect([bad.status, xmlCode(bad.body)]).toEqual([400, 'InvalidDigest']);
      const tags = await t.s3.send(new GetObjectTaggingCommand({ Bucket: 'docs', Key: 'k' }));
      expect(tags.TagSet).toEqual([]);
      await expect(
        t.s3.send(new GetObjectRetentionCommand({ Bucket: 'docs', Key: 'k' })),
      ).rejects.toMatchObject({
        name: 'NoSuchObjectLockConfiguration',
      });
    },
  );

  it('retention, legal hold and lifecycle need Content-MD5 or a checksum; tags do not', async () => {
    for (const [path, doc] of [
      ['/docs/k?retention', DOCS.retention],
      ['/docs/k?legal-hold', DOCS['legal-hold']],
      ['/docs?lifecycle', lifecycle],
    ] as const) {
      const res = await put(path, doc);
      expect([res.status, xmlCode(res.body)], path).toEqual([400, 'InvalidRequest']);
      expect(res.body).toContain('Content-MD5 OR x-amz-checksum-*');
      // Neither a checksum name S3 does not know nor a trailer the body cannot carry stands in.
      for (const headers of [
        { 'x-amz-checksum-foo': 'bogus' },
        { 'x-amz-trailer': 'x-amz-checksum-crc32' },
      ] as Record<string, string>[]) {
        const pretend = await put(path, doc, headers);
        expect([pretend.status, xmlCode(pretend.body)], `${path} ${Object.keys(headers)}`).toEqual([
          400,
          'InvalidRequest',
        ]);
      }
      expect((await put(path, doc, { 'content-md5': md5(doc) })).status, path).toBe(200);
    }
    expect((await put('/docs/k?tagging', DOCS.tagging)).status).toBe(200);
  });

  it('a bucket policy over the largest body is MalformedPolicy, as a long one is', async () => {
    const huge = `{"Version":"2012-10-17","Statement":[],"Pad":"${'x'.repeat(1024 * 1024)}"}`;
    const res = await put('/docs?policy', huge);
    expect([res.status, xmlCode(res.body)]).toEqual([400, 'MalformedPolicy']);
  });
});
