import { createHash } from 'node:crypto';
import * as s3sdk from '@aws-sdk/client-s3';
import {
  rawRequest,
  signedRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'bulk' }));
});
afterAll(() => t.close());

async function put(keys: string[]): Promise<void> {
  for (const Key of keys) await t.s3.send(new PutObjectCommand({ Bucket: 'bulk', Key, Body: Key }));
}
const keysLeft = async () =>
  ((await t.s3.send(new ListObjectsV2Command({ Bucket: 'bulk' }))).Contents ?? []).map((c) => c.Key);
const md5 = (s: string) => createHash('md5').update(s).digest('base64');
const xml = (inner: string) => `<Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</Delete>`;

describe('DeleteObjects', () => {
  it('deletes the listed keys (missing ones count as deleted) and reports each', async () => {
    await put(['a', 'b', 'dir/c']);
    const out = await t.s3.send(
      new DeleteObjectsCommand({
        Bucket: 'bulk',
        Delete: { Objects: [{ Key: 'a' }, { Key: 'dir/c' }, { Key: 'never-there' }] },
      }),
    );
    expect(out.Deleted?.map((d) => d.Key).sort()).toEqual(['a', 'dir/c', 'never-there']);
    expect(out.Errors ?? []).toEqual([]);
    expect(await keysLeft()).toEqual(['b']);
  });

  it('a key is taken exactly as written: spaces around it name another key', async () => {
    await put(['s', ' s ']);
    const out = await t.s3.send(
      new DeleteObjectsCommand({ Bucket: 'bulk', Delete: { Objects: [{ Key: ' s ' }] } }),
    );
    expect(out.Deleted?.map((d) => d.Key)).toEqual([' s ']);
    expect(await keysLeft()).toContain('s');
    expect(await keysLeft()).not.toContain(' s ');
    await t.s3.send(new DeleteObjectsCommand({ Bucket: 'bulk', Delete: { Objects: [{ Key: 's' }] } }));
  });

  it('Quiet mode reports only errors; per-key errors do not stop the rest', async () => {
    await put(['q1', 'q2']);
    const out = await t.s3.send(
      new DeleteObjectsCommand({
        Bucket: 'bulk',
        Delete: { Quiet: true, Objects: [{ Key: 'q1' }, { Key: 'x/../y' }, { Key: 'q2', VersionId: 'v9' }] },
      }),
    );
    expect(out.Deleted ?? []).toEqual([]);
    expect(out.Errors).toEqual([
      expect.objectContaining({ Key: 'x/../y', Code: 'XMinioInvalidObjectName' }),
      expect.objectContaining({ Key: 'q2', VersionId: 'v9', Code: 'NoSuchVersion' }),
    ]);
    expect(await keysLeft()).toEqual(['b', 'q2']);
  });

  it('requires Content-MD5 or a checksum, and checks Content-MD5', async () => {
    const body = xml('<Object><Key>b</Key></Object>');
    const missing = await signedRequest(t.store.port, { method: 'POST', path: '/bulk?delete', body });
    expect(missing.status).toBe(400);
    expect(xmlCode(missing.body)).toBe('InvalidRequest');
    const wrong = await signedRequest(t.store.port, {
      method: 'POST',
      path: '/bulk?delete',
      body,
      headers: { 'content-md5': md5('other') },
    });
    expect(xmlCode(wrong.body)).toBe('BadDigest');
    const ok = await signedRequest(t.store.port, {
      method: 'POST',
      path: '/bulk?delete',
      body,
      headers: { 'content-md5': md5(body) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('<Deleted><Key>b</Key></Deleted>');
  });

  it('refuses more than 1000 keys, none, or malformed XML with MalformedXML', async () => {
    const many = xml(Array.from({ length: 1001 }, (_, i) => `<Object><Key>k${i}</Key></Object>`).join(''));
    for (const body of [many, xml(''), '<Delete><Object><Key>a</Key>']) {
      const res = await signedRequest(t.store.port, {
        method: 'POST',
        path: '/bulk?delete',
        body,
        headers: { 'content-md5': md5(body) },
      });
      expect(res.status).toBe(400);
      expect(xmlCode(res.body)).toBe('MalformedXML');
    }
    const thousand = Array.from({ length: 1000 }, (_, i) => ({ Key: `k${i}` }));
    const out = await t.s3.send(new DeleteObjectsCommand({ Bucket: 'bulk', Delete: { Objects: thousand } }));
    expect(out.Deleted).toHaveLength(1000);
  });

  it('NoSuchBucket for a missing bucket; works through the minio SDK', async () => {
    await expect(
      t.s3.send(new DeleteObjectsCommand({ Bucket: 'nobucket', Delete: { Objects: [{ Key: 'a' }] } })),
    ).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await put(['m1', 'm2']);
    const errors = await t.minio.removeObjects('bulk', ['m1', 'm2']);
    expect(errors.flat().filter((e) => e && 'Code' in e && e.Code)).toEqual([]);
    expect(await keysLeft()).toEqual(['q2']);
  });

  it('an anonymous caller with no bucket policy is refused before its body is read', async () => {
    const body = `<Delete>${'<Object><Key>q2</Key></Object>'.repeat(1000)}</Delete>`;
    const res = await rawRequest(
      t.store.port,
      'POST',
      '/bulk?delete',
      {
        'content-md5': createHash('md5').update(body).digest('base64'),
        'content-length': String(body.length),
      },
      body,
    );
    expect([res.status, xmlCode(res.body)]).toEqual([403, 'AccessDenied']);
    expect(await keysLeft()).toEqual(['q2']);
  });
});
