import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import {
  ROOT,
  signedRequest,
  startTestStore,
  type TestStore,
  xmlCode,
} from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  head,
  type ReplicationRuleOptions,
  replicateBucket,
  statusBecomes,
} from '../support/replication.js';

// Bucket replication between two real stores: what a write to the source does on the
// target, checked through the S3 SDK, polled with a deadline (never timed).

const {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
  GetObjectTaggingCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  CompleteMultipartUploadCommand,
  PutObjectLegalHoldCommand,
} = s3sdk;

// Retries of a failed send come quickly here, so that a target's return is seen soon.
process.env.STOWAGE_REPLICATION_RETRY_MAX_MS = '300';

let src: TestStore;
let dst: TestStore;

const versioned = (t: TestStore, Bucket: string) =>
  t.s3.send(new PutBucketVersioningCommand({ Bucket, VersioningConfiguration: { Status: 'Enabled' } }));

/** `from`/`bucket` replicates to `to`/`target` (see support/replication.ts). */
const replicate = (
  from: TestStore,
  bucket: string,
  to: TestStore,
  target: string,
  rule: ReplicationRuleOptions = {},
) => replicateBucket({ url: from.store.url, s3: from.s3 }, bucket, to, target, rule);

/** GET /<bucket>?replication-metrics, as minio-go's GetBucketReplicationMetrics asks. */
async function metrics(t: TestStore, bucket: string) {
  const res = await signedRequest(t.store.port, { method: 'GET', path: `/${bucket}?replication-metrics=` });
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as Record<string, number> & { Stats: Record<string, Record<string, number>> };
}

const bodyOf = async (t: TestStore, Bucket: string, Key: string, VersionId?: string) =>
  (
    await t.s3.send(new GetObjectCommand({ Bucket, Key, ...(VersionId ? { VersionId } : {}) }))
  ).Body!.transformToString();

beforeAll(async () => {
  [src, dst] = await Promise.all([startTestStore(), startTestStore()]);
  for (const [t, b] of [
    [src, 'src-a'],
    [dst, 'dst-b'],
  ] as const) {
    await t.s3.send(new CreateBucketCommand({ Bucket: b }));
    await versioned(t, b);
  }
  await replicate(src, 'src-a', dst, 'dst-b', { deleteMarkers: true, deletes: true });
});
afterAll(async () => {
  await src?.close();
  await dst?.close();
});

describe('bucket replication between two stores', () => {
  it('a new object reaches the target with its version id, metadata and tags: COMPLETED / REPLICA', async () => {
    const put = await src.s3.send(
      new PutObjectCommand({
        Bucket: 'src-a',
        Key: 'docs/one.txt',
        Body: 'first',
        ContentType: 'text/plain',
        Metadata: { colour: 'blue' },
        Tagging: 'k=v',
      }),
    );
    // PENDING from the write's first moment, as MinIO marks it.
    expect((await head(src, 'src-a', 'docs/one.txt')).ReplicationStatus).toMatch(/^(PENDING|COMPLETED)$/);
    const done = await statusBecomes(src, 'src-a', 'docs/one.txt', 'COMPLETED');
    expect(done.VersionId).toBe(put.VersionId);
    const replica = await head(dst, 'dst-b', 'docs/one.txt');
    expect(replica).toMatchObject({
      VersionId: put.VersionId,
      ReplicationStatus: 'REPLICA',
      ContentType: 'text/plain',
      Metadata: { colour: 'blue' },
    });
    expect(replica.LastModified).toEqual(done.LastModified);
    expect(await bodyOf(dst, 'dst-b', 'docs/one.txt')).toBe('first');
    const tags = await dst.s3.send(new GetObjectTaggingCommand({ Bucket: 'dst-b', Key: 'docs/one.txt' }));
    expect(tags.TagSet).toEqual([{ Key: 'k', Value: 'v' }]);
  });

  it('an overwrite adds the new version on the target; a tag change follows', async () => {
    const v2 = await src.s3.send(
      new PutObjectCommand({ Bucket: 'src-a', Key: 'docs/one.txt', Body: 'second' }),
    );
    await eventually(
      () => head(dst, 'dst-b', 'docs/one.txt'),
      (h) => h.VersionId === v2.VersionId,
      'second version on the target',
    );
    expect(await bodyOf(dst, 'dst-b', 'docs/one.txt')).toBe('second');
    await src.s3.send(
      new PutObjectTaggingCommand({
        Bucket: 'src-a',
        Key: 'docs/one.txt',
        Tagging: { TagSet: [{ Key: 'state', Value: 'tagged' }] },
      }),
    );
    await eventually(
      () => dst.s3.send(new GetObjectTaggingCommand({ Bucket: 'dst-b', Key: 'docs/one.txt' })),
      (t) => t.TagSet?.[0]?.Value === 'tagged',
      'tag change on the target',
    );
    const versions = await dst.s3.send(
      new ListObjectVersionsCommand({ Bucket: 'dst-b', Prefix: 'docs/one.txt' }),
    );
    expect(versions.Versions).toHaveLength(2);
  });

  it('a multipart object and an SSE-S3 object arrive whole, as their plaintext', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i += 4096) big[i] = i % 251;
    const upload = await src.s3.send(new CreateMultipartUploadCommand({ Bucket: 'src-a', Key: 'big.bin' }));
    const part = (PartNumber: number, Body: Buffer) =>
      src.s3.send(
        new UploadPartCommand({
          Bucket: 'src-a',
          Key: 'big.bin',
          UploadId: upload.UploadId!,
          PartNumber,
          Body,
        }),
      );
    const p1 = await part(1, big.subarray(0, 5 * 1024 * 1024));
    const p2 = await part(2, big.subarray(5 * 1024 * 1024));
    const done = await src.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'src-a',
        Key: 'big.bin',
        UploadId: upload.UploadId!,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: p1.ETag! },
            { PartNumber: 2, ETag: p2.ETag! },
          ],
        },
      }),
    );
    const sealed = await src.s3.send(
      new PutObjectCommand({
        Bucket: 'src-a',
        Key: 'sealed.txt',
        Body: 'secret',
        ServerSideEncryption: 'AES256',
      }),
    );
    await eventually(
      () => head(dst, 'dst-b', 'big.bin'),
      (h) => h.VersionId === done.VersionId,
      'big.bin',
    );
    await eventually(
      () => head(dst, 'dst-b', 'sealed.txt'),
      (h) => h.VersionId === sealed.VersionId,
      'sealed',
    );
    const got = await dst.s3.send(new GetObjectCommand({ Bucket: 'dst-b', Key: 'big.bin' }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(big)).toBe(true);
    expect(await bodyOf(dst, 'dst-b', 'sealed.txt')).toBe('secret');
  });

  it('a delete marker is replicated with its id; a version delete removes that version', async () => {
    const put = await src.s3.send(new PutObjectCommand({ Bucket: 'src-a', Key: 'gone.txt', Body: 'x' }));
    await eventually(
      () => head(dst, 'dst-b', 'gone.txt'),
      (h) => h.VersionId === put.VersionId,
      'replicated',
    );
    const del = await src.s3.send(new DeleteObjectCommand({ Bucket: 'src-a', Key: 'gone.txt' }));
    expect(del.DeleteMarker).toBe(true);
    const listing = await eventually(
      () => dst.s3.send(new ListObjectVersionsCommand({ Bucket: 'dst-b', Prefix: 'gone.txt' })),
      (l) => (l.DeleteMarkers ?? []).length === 1,
      'delete marker on the target',
    );
    expect(listing.DeleteMarkers![0]!.VersionId).toBe(del.VersionId);
    await src.s3.send(
      new DeleteObjectCommand({ Bucket: 'src-a', Key: 'gone.txt', VersionId: put.VersionId }),
    );
    await eventually(
      () => dst.s3.send(new ListObjectVersionsCommand({ Bucket: 'dst-b', Prefix: 'gone.txt' })),
      (l) => (l.Versions ?? []).length === 0,
      'version removed on the target',
    );
  });

  it('a target that is down leaves the object FAILED, then COMPLETED once it returns', async () => {
    await dst.store.close();
    const put = await src.s3.send(
      new PutObjectCommand({ Bucket: 'src-a', Key: 'while-down.txt', Body: 'kept' }),
    );
    const failed = await statusBecomes(src, 'src-a', 'while-down.txt', 'FAILED');
    expect(failed.VersionId).toBe(put.VersionId);
    expect(await bodyOf(src, 'src-a', 'while-down.txt')).toBe('kept');
    const whileDown = await metrics(src, 'src-a');
    expect(whileDown.failedReplicationCount).toBe(1);
    expect(whileDown.failedReplicationSize).toBe(4);
    await dst.restart();
    await statusBecomes(src, 'src-a', 'while-down.txt', 'COMPLETED');
    expect(await bodyOf(dst, 'dst-b', 'while-down.txt')).toBe('kept');
  });

  it('jobs queued before a restart of the source complete after it', async () => {
    await dst.store.close();
    const put = await src.s3.send(
      new PutObjectCommand({ Bucket: 'src-a', Key: 'across-restart.txt', Body: 'r' }),
    );
    await eventually(
      () => head(src, 'src-a', 'across-restart.txt'),
      (h) => h.ReplicationStatus === 'PENDING' || h.ReplicationStatus === 'FAILED',
      'queued',
    );
    await src.store.close();
    await dst.restart();
    await src.restart();
    await eventually(
      () => head(dst, 'dst-b', 'across-restart.txt'),
      (h) => h.VersionId === put.VersionId,
      'replicated after the restart',
    );
    await statusBecomes(src, 'src-a', 'across-restart.txt', 'COMPLETED');
  });

  it('replicates both ways without loops', async () => {
    await dst.s3.send(new CreateBucketCommand({ Bucket: 'two-way' }));
    await src.s3.send(new CreateBucketCommand({ Bucket: 'two-way' }));
    await versioned(src, 'two-way');
    await versioned(dst, 'two-way');
    await replicate(src, 'two-way', dst, 'two-way', { deleteMarkers: true, deletes: true });
    await replicate(dst, 'two-way', src, 'two-way', { deleteMarkers: true, deletes: true });
    const fromSrc = await src.s3.send(
      new PutObjectCommand({ Bucket: 'two-way', Key: 'x', Body: 'from-src' }),
    );
    const fromDst = await dst.s3.send(
      new PutObjectCommand({ Bucket: 'two-way', Key: 'y', Body: 'from-dst' }),
    );
    await statusBecomes(dst, 'two-way', 'x', 'REPLICA');
    await statusBecomes(src, 'two-way', 'y', 'REPLICA');
    await statusBecomes(src, 'two-way', 'x', 'COMPLETED');
    await statusBecomes(dst, 'two-way', 'y', 'COMPLETED');
    await src.s3.send(new DeleteObjectCommand({ Bucket: 'two-way', Key: 'x', VersionId: fromSrc.VersionId }));
    await eventually(
      () => dst.s3.send(new ListObjectVersionsCommand({ Bucket: 'two-way', Prefix: 'x' })),
      (l) => (l.Versions ?? []).length === 0,
      'x removed on dst',
    );
    // Each side holds exactly one version of each key it kept: nothing came back.
    for (const t of [src, dst]) {
      const l = await t.s3.send(new ListObjectVersionsCommand({ Bucket: 'two-way' }));
      expect((l.Versions ?? []).map((v) => `${v.Key}:${v.VersionId}`)).toEqual([`y:${fromDst.VersionId}`]);
      expect(l.DeleteMarkers ?? []).toEqual([]);
    }
  });

  it('replication metrics: per target what went and waits, and the replicas a target received', async () => {
    const source = await metrics(src, 'src-a');
    const [arn, stat] = Object.entries(source.Stats)[0]!;
    expect(arn).toMatch(/^arn:minio:replication:/);
    expect(stat).toMatchObject({ pendingReplicationCount: 0, failedReplicationCount: 0 });
    expect(stat.replicationCount).toBeGreaterThan(0);
    expect(source.replicationCount).toBe(stat.replicationCount);
    const missing = await signedRequest(dst.store.port, {
      method: 'GET',
      path: '/dst-b?replication-metrics=',
    });
    expect(missing.status).toBe(404);
    expect(xmlCode(missing.body)).toBe('ReplicationConfigurationNotFoundError');
    // dst-b has no rules, so no metrics; two-way has both, and received replicas.
    const twoWay = await metrics(dst, 'two-way');
    expect(twoWay.replicaCount).toBeGreaterThan(0);
  });

  it('a replica write with a bad version id or time is refused, and stores nothing', async () => {
    const send = (headers: Record<string, string>) =>
      signedRequest(dst.store.port, {
        method: 'PUT',
        path: '/dst-b/forged.txt',
        body: 'x',
        headers: { 'x-minio-source-replication-request': 'true', ...headers },
      });
    const badId = await send({
      'x-minio-source-version-id': 'nope',
      'x-minio-source-mtime': new Date().toISOString(),
    });
    expect(badId.status).toBe(400);
    expect(xmlCode(badId.body)).toBe('InvalidArgument');
    const badTime = await send({
      'x-minio-source-version-id': '11111111-2222-3333-4444-555555555555',
      'x-minio-source-mtime': 'yesterday',
    });
    expect(xmlCode(badTime.body)).toBe('InvalidArgument');
    await expect(head(dst, 'dst-b', 'forged.txt')).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
  });

  it('only a caller allowed s3:ReplicateObject may write a replica', async () => {
    const admin = new MadminClient({ endpoint: dst.store.url, credentials: ROOT });
    await admin.users.add('writer', 'writer-secret-1');
    await admin.policies.attach({ policies: ['writeonly'], user: 'writer' });
    const send = (replica: boolean) =>
      signedRequest(dst.store.port, {
        method: 'PUT',
        path: '/dst-b/by-writer.txt',
        body: 'x',
        creds: { accessKey: 'writer', secretKey: 'writer-secret-1' },
        headers: replica
          ? {
              'x-minio-source-replication-request': 'true',
              'x-minio-source-version-id': '11111111-2222-3333-4444-555555555555',
              'x-minio-source-mtime': new Date().toISOString(),
            }
          : {},
      });
    const refused = await send(true);
    expect(refused.status).toBe(403);
    expect(xmlCode(refused.body)).toBe('AccessDenied');
    expect((await send(false)).status).toBe(200);
  });

  it('resync sends the versions written before replication was set up (mc replicate resync)', async () => {
    await src.s3.send(new CreateBucketCommand({ Bucket: 'old-src' }));
    await versioned(src, 'old-src');
    await dst.s3.send(new CreateBucketCommand({ Bucket: 'old-dst' }));
    await versioned(dst, 'old-dst');
    const before = [];
    for (const Key of ['o1', 'o2', 'dir/o3'])
      before.push(await src.s3.send(new PutObjectCommand({ Bucket: 'old-src', Key, Body: `old ${Key}` })));
    await src.s3.send(new DeleteObjectCommand({ Bucket: 'old-src', Key: 'o1' }));
    const arn = await replicate(src, 'old-src', dst, 'old-dst', { deleteMarkers: true, existing: true });
    const reset = (query: string) =>
      signedRequest(src.store.port, { method: 'PUT', path: `/old-src?replication-reset=${query}` });
    const started = await reset(`&arn=${encodeURIComponent(arn)}&older-than=0s`);
    expect(started.status).toBe(200);
    const { target } = JSON.parse(started.body) as { target: { arn: string; resetid: string }[] };
    expect(target).toEqual([{ arn, resetid: expect.any(String) }]);
    const status = async () => {
      const res = await signedRequest(src.store.port, {
        method: 'GET',
        path: '/old-src?replication-reset-status=',
      });
      return (JSON.parse(res.body) as { target: Record<string, unknown>[] }).target[0]!;
    };
    const done = await eventually(status, (s) => s.resyncStatus === 'Completed', 'resync Completed');
    expect(done).toMatchObject({
      arn,
      resetid: target[0]!.resetid,
      replicationCount: 4,
      failedReplicationCount: 0,
    });
    const listing = await dst.s3.send(new ListObjectVersionsCommand({ Bucket: 'old-dst' }));
    expect((listing.Versions ?? []).map((v) => v.VersionId).sort()).toEqual(
      before.map((p) => p.VersionId).sort(),
    );
    expect(listing.DeleteMarkers).toHaveLength(1);
    expect(await bodyOf(dst, 'old-dst', 'dir/o3')).toBe('old dir/o3');
    // The bad cases answer as MinIO does.
    expect(xmlCode((await reset('&older-than=soon')).body)).toBe('InvalidArgument');
    expect(xmlCode((await reset('&arn=arn:minio:replication::nope:x')).body)).toBe(
      'XMinioAdminRemoteTargetNotFoundError',
    );
    const noExisting = await signedRequest(src.store.port, {
      method: 'PUT',
      path: '/src-a?replication-reset=',
    });
    expect(noExisting.status).toBe(400);
    expect(xmlCode(noExisting.body)).toBe('XMinioReplicationNoExistingObjects');
  });

  it('object lock travels: retention and legal hold, and a later change of the hold', async () => {
    for (const t of [src, dst])
      await t.s3.send(new CreateBucketCommand({ Bucket: 'locked', ObjectLockEnabledForBucket: true }));
    await replicate(src, 'locked', dst, 'locked');
    const until = new Date(Date.now() + 86_400_000);
    until.setMilliseconds(0);
    const put = await src.s3.send(
      new PutObjectCommand({
        Bucket: 'locked',
        Key: 'held.txt',
        Body: 'h',
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: until,
        ObjectLockLegalHoldStatus: 'ON',
      }),
    );
    const replica = await eventually(
      () => head(dst, 'locked', 'held.txt'),
      (h) => h.VersionId === put.VersionId,
      'locked replica',
    );
    expect(replica).toMatchObject({
      ObjectLockMode: 'GOVERNANCE',
      ObjectLockRetainUntilDate: until,
      ObjectLockLegalHoldStatus: 'ON',
    });
    await src.s3.send(
      new PutObjectLegalHoldCommand({ Bucket: 'locked', Key: 'held.txt', LegalHold: { Status: 'OFF' } }),
    );
    await eventually(
      () => head(dst, 'locked', 'held.txt'),
      (h) => h.ObjectLockLegalHoldStatus === 'OFF',
      'hold lifted on the target',
    );
  });
});
