import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import * as s3sdk from '@aws-sdk/client-s3';
import {
  rawRequest,
  signedRequest,
  startTestStore,
  storeMetric,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BLOCK_SIZE } from '../../src/engine/erasure/params.js';
import { bucketDir, configDir, objectDir } from '../../src/engine/fs/layout.js';

const {
  CreateBucketCommand,
  DeleteBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  HeadBucketCommand,
  GetBucketPolicyCommand,
  GetBucketTaggingCommand,
  ListBucketsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutBucketPolicyCommand,
  PutBucketTaggingCommand,
  PutObjectCommand,
} = s3sdk;

const INFLIGHT = 'minio_s3_requests_inflight_total';

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t.close());

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: { name: string; $metadata: { httpStatusCode: number } }) => [e.name, e.$metadata.httpStatusCode],
  );

describe('DeleteBucket', () => {
  it('deletes an empty bucket with 204', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'short-lived' }));
    const out = await t.s3.send(new DeleteBucketCommand({ Bucket: 'short-lived' }));
    expect(out.$metadata.httpStatusCode).toBe(204);
    const list = await t.s3.send(new ListBucketsCommand({}));
    expect(list.Buckets ?? []).toEqual([]);
  });

  it('refuses a bucket with objects: BucketNotEmpty (409)', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'full' }));
    await t.s3.send(new PutObjectCommand({ Bucket: 'full', Key: 'a/b', Body: 'x' }));
    expect(await errorOf(t.s3.send(new DeleteBucketCommand({ Bucket: 'full' })))).toEqual([
      'BucketNotEmpty',
      409,
    ]);
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'full', Key: 'a/b' }));
    await t.s3.send(new DeleteBucketCommand({ Bucket: 'full' }));
  });

  it('answers NoSuchBucket for a missing bucket', async () => {
    expect(await errorOf(t.s3.send(new DeleteBucketCommand({ Bucket: 'never-was' })))).toEqual([
      'NoSuchBucket',
      404,
    ]);
  });

  it('lets a deleted bucket be created again, empty', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'phoenix' }));
    await t.s3.send(new PutObjectCommand({ Bucket: 'phoenix', Key: 'k', Body: 'x' }));
    await t.s3.send(new DeleteObjectCommand({ Bucket: 'phoenix', Key: 'k' }));
    await t.s3.send(new DeleteBucketCommand({ Bucket: 'phoenix' }));
    await t.minio.makeBucket('phoenix');
    const keys = await t.minio.listObjectsV2('phoenix', '', true).toArray();
    expect(keys).toEqual([]);
    await t.minio.removeBucket('phoenix');
    expect(await t.minio.bucketExists('phoenix')).toBe(false);
  });

  it("removes the bucket's configuration documents and open uploads with it", async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'configured' }));
    await t.s3.send(
      new PutBucketTaggingCommand({ Bucket: 'configured', Tagging: { TagSet: [{ Key: 'k', Value: 'v' }] } }),
    );
    await t.s3.send(
      new PutBucketPolicyCommand({
        Bucket: 'configured',
        Policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: '*',
              Action: 's3:GetObject',
              Resource: 'arn:aws:s3:::configured/*',
            },
          ],
        }),
      }),
    );
    await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'configured', Key: 'pending' }));
    const documents = t.drives.map((d) => join(configDir(d), 'buckets', 'configured'));
    for (const folder of documents) expect(await readdir(folder)).toContain('tagging.json');
    await t.s3.send(new DeleteBucketCommand({ Bucket: 'configured' }));
    // The documents' folder goes too, on every drive.
    for (const folder of documents) await expect(readdir(folder)).rejects.toMatchObject({ code: 'ENOENT' });
    await t.s3.send(new CreateBucketCommand({ Bucket: 'configured' }));
    expect(await errorOf(t.s3.send(new GetBucketTaggingCommand({ Bucket: 'configured' })))).toEqual([
      'NoSuchTagSet',
      404,
    ]);
    expect(await errorOf(t.s3.send(new GetBucketPolicyCommand({ Bucket: 'configured' })))).toEqual([
      'NoSuchBucketPolicy',
      404,
    ]);
    const uploads = await t.s3.send(new ListMultipartUploadsCommand({ Bucket: 'configured' }));
    expect(uploads.Uploads ?? []).toEqual([]);
  });
});

describe('DeleteBucket after its client emptied it', () => {
  const MiB = 1024 * 1024;
  const inDays = (d: number) => new Date(Date.now() + d * 86_400_000);

  /** What a client does to empty a bucket: every version and delete marker, bypassing governance. */
  async function emptyAsAClientDoes(Bucket: string) {
    let page: s3sdk.ListObjectVersionsCommandOutput;
    do {
      page = await t.s3.send(new s3sdk.ListObjectVersionsCommand({ Bucket }));
      const Objects = [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])].map((v) => ({
        Key: v.Key!,
        VersionId: v.VersionId!,
      }));
      if (Objects.length === 0) break;
      const out = await t.s3.send(
        new s3sdk.DeleteObjectsCommand({ Bucket, BypassGovernanceRetention: true, Delete: { Objects } }),
      );
      expect(out.Errors ?? []).toEqual([]);
    } while (page.IsTruncated);
  }

  async function multipart(
    Bucket: string,
    Key: string,
    extra: Partial<s3sdk.CreateMultipartUploadCommandInput>,
  ) {
    const { UploadId } = await t.s3.send(new CreateMultipartUploadCommand({ Bucket, Key, ...extra }));
    const Parts: s3sdk.CompletedPart[] = [];
    for (const [i, Body] of [Buffer.alloc(5 * MiB, 1), Buffer.alloc(10, 2)].entries()) {
      const PartNumber = i + 1;
      const { ETag } = await t.s3.send(
        new s3sdk.UploadPartCommand({ Bucket, Key, UploadId, PartNumber, Body }),
      );
      Parts.push({ PartNumber, ETag: ETag! });
    }
    // A resend of part 1: the upload's folder holds a replaced part file too.
    const again = await t.s3.send(
      new s3sdk.UploadPartCommand({ Bucket, Key, UploadId, PartNumber: 1, Body: Buffer.alloc(5 * MiB, 3) }),
    );
    Parts[0] = { PartNumber: 1, ETag: again.ETag! };
    return t.s3.send(
      new s3sdk.CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts } }),
    );
  }

  it('an object-lock bucket: multipart objects under legal hold and governance, delete markers', async () => {
    const Bucket = 'emptied-worm';
    await t.s3.send(new CreateBucketCommand({ Bucket, ObjectLockEnabledForBucket: true }));
    const held = await multipart(Bucket, 'held', { ObjectLockLegalHoldStatus: 'ON' });
    await multipart(Bucket, 'governed', {
      ObjectLockMode: 'GOVERNANCE',
      ObjectLockRetainUntilDate: inDays(1),
    });
    await t.s3.send(
      new PutObjectCommand({ Bucket, Key: 'plain', Body: 'x', ObjectLockLegalHoldStatus: 'ON' }),
    );
    await t.s3.send(new DeleteObjectCommand({ Bucket, Key: 'held' })); // a delete marker
    // An upload begun and aborted, and one still open: neither is an object.
    const aborted = await t.s3.send(new CreateMultipartUploadCommand({ Bucket, Key: 'aborted' }));
    await t.s3.send(
      new s3sdk.UploadPartCommand({
        Bucket,
        Key: 'aborted',
        UploadId: aborted.UploadId,
        PartNumber: 1,
        Body: 'x',
      }),
    );
    await t.s3.send(
      new s3sdk.AbortMultipartUploadCommand({ Bucket, Key: 'aborted', UploadId: aborted.UploadId }),
    );
    const open = await t.s3.send(
      new CreateMultipartUploadCommand({ Bucket, Key: 'open', ObjectLockLegalHoldStatus: 'ON' }),
    );
    await t.s3.send(
      new s3sdk.UploadPartCommand({ Bucket, Key: 'open', UploadId: open.UploadId, PartNumber: 1, Body: 'x' }),
    );
    expect(await errorOf(t.s3.send(new DeleteBucketCommand({ Bucket })))).toEqual(['BucketNotEmpty', 409]);
    // The holds lifted, every version and marker deleted: the bucket goes.
    await t.s3.send(
      new s3sdk.PutObjectLegalHoldCommand({
        Bucket,
        Key: 'held',
        VersionId: held.VersionId,
        LegalHold: { Status: 'OFF' },
      }),
    );
    await t.s3.send(
      new s3sdk.PutObjectLegalHoldCommand({ Bucket, Key: 'plain', LegalHold: { Status: 'OFF' } }),
    );
    await emptyAsAClientDoes(Bucket);
    const out = await t.s3.send(new DeleteBucketCommand({ Bucket }));
    expect(out.$metadata.httpStatusCode).toBe(204);
    // Made again, it holds nothing: no object, version, marker or upload.
    await t.s3.send(new CreateBucketCommand({ Bucket }));
    const versions = await t.s3.send(new s3sdk.ListObjectVersionsCommand({ Bucket }));
    expect([versions.Versions ?? [], versions.DeleteMarkers ?? []]).toEqual([[], []]);
    expect((await t.s3.send(new ListMultipartUploadsCommand({ Bucket }))).Uploads ?? []).toEqual([]);
  });

  it('a bucket whose versioning was suspended: null versions and null delete markers', async () => {
    const Bucket = 'emptied-suspended';
    await t.s3.send(new CreateBucketCommand({ Bucket }));
    const versioning = (Status: 'Enabled' | 'Suspended') =>
      t.s3.send(new s3sdk.PutBucketVersioningCommand({ Bucket, VersioningConfiguration: { Status } }));
    await t.s3.send(new PutObjectCommand({ Bucket, Key: 'before', Body: 'x' })); // the null version
    await versioning('Enabled');
    await t.s3.send(new PutObjectCommand({ Bucket, Key: 'before', Body: 'y' }));
    await multipart(Bucket, 'mp', {});
    await versioning('Suspended');
    await t.s3.send(new PutObjectCommand({ Bucket, Key: 'during', Body: 'z' }));
    await t.s3.send(new DeleteObjectCommand({ Bucket, Key: 'mp' })); // a null delete marker
    await t.s3.send(new DeleteObjectCommand({ Bucket, Key: 'never-was' }));
    await emptyAsAClientDoes(Bucket);
    expect((await t.s3.send(new DeleteBucketCommand({ Bucket }))).$metadata.httpStatusCode).toBe(204);
  });
});

describe('DeleteBucket with x-minio-force-delete (mc rb --force)', () => {
  const forced = (bucket: string, value: string, creds?: Parameters<typeof signedRequest>[1]['creds']) =>
    signedRequest(t.store.port, {
      method: 'DELETE',
      path: `/${bucket}`,
      headers: { 'x-minio-force-delete': value },
      ...(creds ? { creds } : {}),
    });

  it('removes a bucket with its objects and uploads; recreated, it is empty', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'forced' }));
    for (const Key of ['a', 'dir/b'])
      await t.s3.send(new PutObjectCommand({ Bucket: 'forced', Key, Body: Key }));
    await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'forced', Key: 'open' }));
    expect((await forced('forced', 'bogus')).status).toBe(400);
    expect((await forced('forced', 'false')).status).toBe(409); // false: the usual rule
    expect((await forced('forced', 'true')).status).toBe(204);
    await t.s3.send(new CreateBucketCommand({ Bucket: 'forced' }));
    expect((await t.s3.send(new ListObjectsV2Command({ Bucket: 'forced' }))).KeyCount).toBe(0);
    expect((await t.s3.send(new ListMultipartUploadsCommand({ Bucket: 'forced' }))).Uploads ?? []).toEqual(
      [],
    );
  });

  it('is refused on an object-lock bucket (MethodNotAllowed), which keeps its objects', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'forced-worm', ObjectLockEnabledForBucket: true }));
    await t.s3.send(new PutObjectCommand({ Bucket: 'forced-worm', Key: 'kept', Body: 'x' }));
    const res = await forced('forced-worm', 'true');
    expect([res.status, xmlCode(res.body)]).toEqual([405, 'MethodNotAllowed']);
    expect((await t.s3.send(new ListObjectsV2Command({ Bucket: 'forced-worm' }))).KeyCount).toBe(1);
  });

  it('needs s3:ForceDeleteBucket besides s3:DeleteBucket', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'forced-policy' }));
    await t.s3.send(new PutObjectCommand({ Bucket: 'forced-policy', Key: 'kept', Body: 'x' }));
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: '*',
          Action: ['s3:DeleteBucket'],
          Resource: ['arn:aws:s3:::forced-policy'],
        },
      ],
    };
    await t.s3.send(new PutBucketPolicyCommand({ Bucket: 'forced-policy', Policy: JSON.stringify(policy) }));
    const anonymous = await rawRequest(t.store.port, 'DELETE', '/forced-policy', {
      'x-minio-force-delete': 'true',
    });
    expect([anonymous.status, xmlCode(anonymous.body)]).toEqual([403, 'AccessDenied']);
    expect((await t.s3.send(new ListObjectsV2Command({ Bucket: 'forced-policy' }))).KeyCount).toBe(1);
  });
});

describe('DeleteBucket racing writes', () => {
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { name: string }) => e.name,
    );

  /** Past one erasure block: the first block is on the drives while the last byte is held. */
  const HELD_SIZE = BLOCK_SIZE + 1024;

  /** A PUT with its last byte held back; `finish` sends it. */
  function heldPut(Bucket: string) {
    const body = new PassThrough();
    const done = outcome(
      t.s3.send(new PutObjectCommand({ Bucket, Key: 'k', Body: body, ContentLength: HELD_SIZE })),
    );
    body.write(Buffer.alloc(HELD_SIZE - 1, 1));
    return { done, finish: () => body.end(Buffer.alloc(1, 1)) };
  }

  /** Resolves once a write of `key` is inside the store, past the bucket's gate: its first block is on a drive. */
  const inside = (Bucket: string, key = 'k') =>
    vi.waitFor(
      async () =>
        expect((await readdir(objectDir(t.drives[0]!, Bucket, key)).catch(() => [])).length).toBeGreaterThan(
          0,
        ),
      { timeout: 10_000, interval: 10 },
    );

  it('a plain delete during a PUT is BucketNotEmpty, and the PUT lands', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'race-plain' }));
    const put = heldPut('race-plain');
    await inside('race-plain');
    const deleted = await outcome(t.s3.send(new DeleteBucketCommand({ Bucket: 'race-plain' })));
    put.finish();
    expect([deleted, await put.done]).toEqual(['BucketNotEmpty', 'ok']);
    expect((await t.s3.send(new ListObjectsV2Command({ Bucket: 'race-plain' }))).KeyCount).toBe(1);
  });

  it('a part still arriving is no object: the emptied bucket goes, the part then fails, nothing comes back', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'race-part' }));
    const { UploadId } = await t.s3.send(new CreateMultipartUploadCommand({ Bucket: 'race-part', Key: 'k' }));
    const body = new PassThrough();
    const part = outcome(
      t.s3.send(
        new s3sdk.UploadPartCommand({
          Bucket: 'race-part',
          Key: 'k',
          UploadId,
          PartNumber: 1,
          Body: body,
          ContentLength: HELD_SIZE,
        }),
      ),
    );
    body.write(Buffer.alloc(HELD_SIZE - 1, 1));
    await inside('race-part');
    const deleted = await outcome(t.s3.send(new DeleteBucketCommand({ Bucket: 'race-part' })));
    body.end(Buffer.alloc(1, 1));
    expect([deleted, await part]).toEqual(['ok', 'NoSuchUpload']);
    await t.s3.send(new CreateBucketCommand({ Bucket: 'race-part' }));
    expect((await t.s3.send(new ListMultipartUploadsCommand({ Bucket: 'race-part' }))).Uploads ?? []).toEqual(
      [],
    );
    // No folder of the part's is left on any drive.
    for (const d of t.drives) expect(await readdir(bucketDir(d, 'race-part'))).toEqual([]);
  });

  it('a forced delete waits for the PUT, then removes it too; nothing comes back', async () => {
    await t.s3.send(new CreateBucketCommand({ Bucket: 'race-forced' }));
    const put = heldPut('race-forced');
    await inside('race-forced');
    const deleted = signedRequest(t.store.port, {
      method: 'DELETE',
      path: '/race-forced',
      headers: { 'x-minio-force-delete': 'true' },
    });
    // The delete has arrived (the held PUT, the delete and this scrape are in flight). What
    // remains before it closes the bucket are in-memory checks; the gate's own order is
    // proven step by step in engine/erasure/bucket-gate.test.ts.
    await vi.waitFor(async () => expect(await storeMetric(t.store.port, INFLIGHT)).toBe(3), {
      timeout: 10_000,
      interval: 10,
    });
    // Writes arriving meanwhile wait for the delete, then find no bucket.
    const late = outcome(t.s3.send(new PutObjectCommand({ Bucket: 'race-forced', Key: 'late', Body: 'x' })));
    put.finish();
    expect([await put.done, (await deleted).status, await late]).toEqual(['ok', 204, 'NoSuchBucket']);
    await t.s3.send(new CreateBucketCommand({ Bucket: 'race-forced' }));
    expect((await t.s3.send(new ListObjectsV2Command({ Bucket: 'race-forced' }))).KeyCount).toBe(0);
  });

  it('bucket lookups racing the delete leave no bucket behind in memory', async () => {
    for (let round = 0; round < 10; round++) {
      const Bucket = `race-cache-${round}`;
      await t.s3.send(new CreateBucketCommand({ Bucket }));
      let deleting = true;
      let answered = 0;
      const heads = Array.from({ length: 8 }, async () => {
        while (deleting) {
          await outcome(t.s3.send(new HeadBucketCommand({ Bucket })));
          answered++;
        }
      });
      // The lookups are running (some answered already) when the delete starts.
      await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(8), { interval: 1 });
      await t.s3.send(new DeleteBucketCommand({ Bucket }));
      deleting = false;
      await Promise.all(heads);
      expect(await outcome(t.s3.send(new HeadBucketCommand({ Bucket }))), Bucket).toBe('NotFound');
      expect(await outcome(t.s3.send(new PutObjectCommand({ Bucket, Key: 'k', Body: 'x' }))), Bucket).toBe(
        'NoSuchBucket',
      );
    }
  });
});
