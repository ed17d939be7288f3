import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boto3Installed, python } from './boto3.js';

const { CreateBucketCommand, ListObjectsCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
const keys = ['a/1', 'a/2', 'b', 'c/d/e', 'f'];
const odd = ['sp ace+plus%pct/☃', 'x&y<z>'];
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'list-v1' }));
  await t.s3.send(new CreateBucketCommand({ Bucket: 'odd-names' }));
  for (const Key of keys) await t.s3.send(new PutObjectCommand({ Bucket: 'list-v1', Key, Body: 'x' }));
  for (const Key of odd) await t.s3.send(new PutObjectCommand({ Bucket: 'odd-names', Key, Body: 'x' }));
});
const list = (query: string) => signedRequest(t.store.port, { method: 'GET', path: `/list-v1?${query}` });
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

  it("names each entry's owner, as S3 does in v1", async () => {
    const out = await t.s3.send(new ListObjectsCommand({ Bucket: 'list-v1', MaxKeys: 2 }));
    expect(out.Contents?.map((c) => c.Owner?.DisplayName)).toEqual(['minio', 'minio']);
    expect(out.Contents?.[0]?.Owner?.ID).toMatch(/^[0-9a-f]{64}$/);
  });

  it('works through the minio SDK (which lists with v1)', async () => {
    const items = await t.minio.listObjects('list-v1', '', true).toArray();
    expect(items.map((i: { name?: string }) => i.name)).toEqual(keys);
  });

  it('max-keys: 0 lists nothing, over 1000 is capped, negative or non-integer is InvalidArgument', async () => {
    for (const v2 of ['', 'list-type=2&']) {
      const zero = await list(`${v2}max-keys=0`);
      expect(zero.status).toBe(200);
      expect(zero.body).toContain('<MaxKeys>0</MaxKeys>');
      expect(zero.body).not.toContain('<Contents>');
      const big = await list(`${v2}max-keys=5000`);
      expect(big.body).toContain('<MaxKeys>1000</MaxKeys>');
      expect(big.body.match(/<Contents>/g)).toHaveLength(keys.length);
      for (const bad of ['-1', 'abc', '1.5', '2147483648', '']) {
        const res = await list(`${v2}max-keys=${bad}`);
        expect([res.status, xmlCode(res.body)], bad).toEqual([400, 'InvalidArgument']);
      }
    }
  });

  it('encoding-type: url (any case) encodes keys, prefixes, markers; other values are InvalidArgument', async () => {
    const res = await signedRequest(t.store.port, {
      method: 'GET',
      path: `/odd-names?encoding-type=URL&delimiter=${encodeURIComponent('/')}&marker=${encodeURIComponent('a b')}`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<EncodingType>url</EncodingType>');
    expect(res.body).toContain('<Marker>a%20b</Marker>');
    expect(res.body).toContain('<Prefix>sp%20ace%2Bplus%25pct/</Prefix>');
    expect(res.body).toContain('<Key>x%26y%3Cz%3E</Key>');
    const plain = await t.s3.send(new ListObjectsCommand({ Bucket: 'odd-names' }));
    expect(plain.Contents?.map((c) => c.Key)).toEqual(odd);
    const bad = await list('encoding-type=base64');
    expect([bad.status, xmlCode(bad.body)]).toEqual([400, 'InvalidArgument']);
  });

  it("answers V1's Prefix as sent even under encoding-type=url, as boto3 reads it (s3-tests prefix_unreadable)", async () => {
    boto3Installed();
    // boto3 always asks for encoding-type=url, and decodes V1's Delimiter and markers only.
    const out = await python(
      t,
      `
v1 = [s3.list_objects(Bucket='odd-names', Prefix=p)['Prefix'] for p in ['\\n', 'sp ace+']]
v2 = [s3.list_objects_v2(Bucket='odd-names', Prefix=p)['Prefix'] for p in ['\\n', 'sp ace+']]
keys = [o['Key'] for o in s3.list_objects(Bucket='odd-names', Prefix='sp ace+')['Contents']]
print(json.dumps({'v1': v1, 'v2': v2, 'keys': keys}))
`,
    );
    expect(out).toEqual({ v1: ['\n', 'sp ace+'], v2: ['\n', 'sp ace+'], keys: [odd[0]] });
  });
});
