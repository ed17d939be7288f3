import * as s3sdk from '@aws-sdk/client-s3';
import { type BucketTarget, MadminClient } from '@stowage/madmin';
import { ROOT, signedRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingProxy, countingProxy } from '../support/counting-proxy.js';
import {
  eventually,
  head,
  type ReplicationRuleOptions,
  replicateBucket,
  statusBecomes,
} from '../support/replication.js';

// What replication puts on the wire between two real stores: a tag change re-sends only the
// metadata (the target receives no data again), counted by a TCP relay in front of the target.

const {
  DeleteObjectCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  UploadPartCommand,
  CreateBucketCommand,
  DeleteObjectTaggingCommand,
  GetObjectTaggingCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
} = s3sdk;

process.env.STOWAGE_REPLICATION_RETRY_MAX_MS = '300';

let src: TestStore;
let dst: TestStore;
let relay: CountingProxy;

const tagsOf = async (t: TestStore, Bucket: string, Key: string) =>
  (await t.s3.send(new GetObjectTaggingCommand({ Bucket, Key }))).TagSet ?? [];

/** A versioned bucket on each store, `from` replicating to `to` through the relay. */
async function pair(
  from: string,
  to: string,
  rule: ReplicationRuleOptions = {},
  target: Partial<BucketTarget> = {},
): Promise<void> {
  for (const [t, b] of [
    [src, from],
    [dst, to],
  ] as const) {
    await t.s3.send(new CreateBucketCommand({ Bucket: b }));
    await t.s3.send(
      new PutBucketVersioningCommand({ Bucket: b, VersioningConfiguration: { Status: 'Enabled' } }),
    );
  }
  const viaRelay = { ...dst, store: { ...dst.store, url: `http://${relay.host}` } } as TestStore;
  await replicateBucket({ url: src.store.url, s3: src.s3 }, from, viaRelay, to, rule, target);
}

beforeAll(async () => {
  [src, dst] = await Promise.all([startTestStore(), startTestStore()]);
  relay = await countingProxy({ host: '127.0.0.1', port: dst.store.port });
  await pair('meta-src', 'meta-dst');
  await pair('parts-src', 'parts-dst');
  await pair('dm-src', 'dm-dst', { deleteMarkers: true, deletes: true });
  await pair('tag-src', 'tag-dst', {
    deleteMarkers: true,
    deletes: true,
    tags: [{ key: 'rep', value: 'yes' }],
  });
});
afterAll(async () => {
  await src?.close();
  await relay?.close();
  await dst?.close();
});

describe('metadata-only re-sends', () => {
  it('a tag change or removal re-sends only the metadata: same version, no data again', async () => {
    const body = Buffer.alloc(256 * 1024, 7);
    const put = await src.s3.send(
      new PutObjectCommand({ Bucket: 'meta-src', Key: 'm.bin', Body: body, Tagging: 'a=1' }),
    );
    await statusBecomes(src, 'meta-src', 'm.bin', 'COMPLETED');
    const first = await head(dst, 'meta-dst', 'm.bin');
    expect(first.VersionId).toBe(put.VersionId);
    const before = relay.received();

    await src.s3.send(
      new PutObjectTaggingCommand({
        Bucket: 'meta-src',
        Key: 'm.bin',
        Tagging: { TagSet: [{ Key: 'state', Value: 'changed' }] },
      }),
    );
    await eventually(
      () => tagsOf(dst, 'meta-dst', 'm.bin'),
      (t) => t.length === 1 && t[0]?.Key === 'state' && t[0]?.Value === 'changed',
      'tag change on the target',
    );
    await statusBecomes(src, 'meta-src', 'm.bin', 'COMPLETED');
    await src.s3.send(new DeleteObjectTaggingCommand({ Bucket: 'meta-src', Key: 'm.bin' }));
    await eventually(
      () => tagsOf(dst, 'meta-dst', 'm.bin'),
      (t) => t.length === 0,
      'tags removed on target',
    );
    await statusBecomes(src, 'meta-src', 'm.bin', 'COMPLETED');

    // Two small signed calls each (HEAD, copy onto itself): far less than the object's bytes.
    expect(relay.received() - before).toBeLessThan(body.length / 8);
    const replica = await head(dst, 'meta-dst', 'm.bin');
    expect(replica).toMatchObject({
      VersionId: put.VersionId,
      ReplicationStatus: 'REPLICA',
      ETag: first.ETag,
    });
    expect(replica.LastModified).toEqual(first.LastModified);
    const versions = await dst.s3.send(new ListObjectVersionsCommand({ Bucket: 'meta-dst' }));
    expect((versions.Versions ?? []).map((v) => v.VersionId)).toEqual([put.VersionId]);
  });
});

describe('multipart layout on replicas', () => {
  it('an object of 3 parts arrives in the same parts: same ETag, same ?partNumber= reads', {
    timeout: 120_000,
  }, async () => {
    const MiB = 1024 * 1024;
    const sizes = [5 * MiB, 5 * MiB + 3, 1234];
    const bodies = sizes.map((n, i) => Buffer.alloc(n, i + 1));
    const upload = await src.s3.send(
      new CreateMultipartUploadCommand({ Bucket: 'parts-src', Key: 'three.bin', ContentType: 'x/parts' }),
    );
    const parts = [];
    for (const [i, Body] of bodies.entries()) {
      const p = await src.s3.send(
        new UploadPartCommand({
          Bucket: 'parts-src',
          Key: 'three.bin',
          UploadId: upload.UploadId!,
          PartNumber: i + 1,
          Body,
        }),
      );
      parts.push({ PartNumber: i + 1, ETag: p.ETag! });
    }
    const done = await src.s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'parts-src',
        Key: 'three.bin',
        UploadId: upload.UploadId!,
        MultipartUpload: { Parts: parts },
      }),
    );
    expect(done.ETag).toMatch(/-3"$/);
    const source = await statusBecomes(src, 'parts-src', 'three.bin', 'COMPLETED');
    const replica = await head(dst, 'parts-dst', 'three.bin');
    expect(replica).toMatchObject({
      ETag: done.ETag,
      VersionId: done.VersionId,
      ReplicationStatus: 'REPLICA',
      ContentType: 'x/parts',
      ContentLength: sizes.reduce((a, b) => a + b, 0),
    });
    expect(replica.LastModified).toEqual(source.LastModified);
    const part = async (t: TestStore, Bucket: string, PartNumber: number) => {
      const got = await t.s3.send(new GetObjectCommand({ Bucket, Key: 'three.bin', PartNumber }));
      return {
        count: got.PartsCount,
        length: got.ContentLength,
        body: Buffer.from(await got.Body!.transformToByteArray()),
      };
    };
    for (const n of [1, 2, 3]) {
      const [a, b] = await Promise.all([part(src, 'parts-src', n), part(dst, 'parts-dst', n)]);
      expect(b.count).toBe(3);
      expect(b.length).toBe(sizes[n - 1]);
      expect(b.body.equals(a.body)).toBe(true);
      expect(b.body.equals(bodies[n - 1]!)).toBe(true);
    }

    // The replica holds the same bytes now: a tag change sends only the metadata.
    const before = relay.received();
    await src.s3.send(
      new PutObjectTaggingCommand({
        Bucket: 'parts-src',
        Key: 'three.bin',
        Tagging: { TagSet: [{ Key: 'p', Value: '3' }] },
      }),
    );
    await eventually(
      () => tagsOf(dst, 'parts-dst', 'three.bin'),
      (t) => t[0]?.Value === '3',
      'tags on replica',
    );
    await statusBecomes(src, 'parts-src', 'three.bin', 'COMPLETED');
    expect(relay.received() - before).toBeLessThan(MiB);
  });
});

/** The source's replication metrics, summed over targets. */
async function queued(t: TestStore, bucket: string): Promise<{ pending: number; failed: number }> {
  const res = await signedRequest(t.store.port, { method: 'GET', path: `/${bucket}?replication-metrics=` });
  const m = JSON.parse(res.body) as { Stats: Record<string, Record<string, number>> };
  const all = Object.values(m.Stats);
  return {
    pending: all.reduce((s, x) => s + (x.pendingReplicationCount ?? 0), 0),
    failed: all.reduce((s, x) => s + (x.failedReplicationCount ?? 0), 0),
  };
}

describe('tag-filtered rules and deletes', () => {
  const put = (Key: string, Tagging: string) =>
    src.s3.send(new PutObjectCommand({ Bucket: 'tag-src', Key, Body: Key, Tagging }));
  const retag = (Key: string, value: string) =>
    src.s3.send(
      new PutObjectTaggingCommand({
        Bucket: 'tag-src',
        Key,
        Tagging: { TagSet: [{ Key: 'rep', Value: value }] },
      }),
    );
  const targetVersions = async (Prefix: string) => {
    const l = await dst.s3.send(new ListObjectVersionsCommand({ Bucket: 'tag-dst', Prefix }));
    return {
      versions: (l.Versions ?? []).map((v) => v.VersionId),
      markers: (l.DeleteMarkers ?? []).map((v) => v.VersionId),
    };
  };
  /** Once `key` shows on the target, every earlier change has been judged and sent. */
  const settled = async (key: string) => {
    const v = await put(key, 'rep=yes');
    await eventually(
      () => head(dst, 'tag-dst', key),
      (h) => h.VersionId === v.VersionId,
      `${key} on target`,
    );
    await eventually(
      () => queued(src, 'tag-src'),
      (q) => q.pending === 0 && q.failed === 0,
      'queue empty',
    );
  };

  it('only objects whose tags match replicate; deletes follow the tags the object had', async () => {
    const yes = await put('yes.txt', 'rep=yes');
    const no = await put('no.txt', 'rep=no');
    const flip = await put('flip.txt', 'rep=yes');
    const flipV = await put('flipv.txt', 'rep=yes');
    const gone = await put('gone.txt', 'rep=yes');
    for (const [key, v] of [
      ['yes.txt', yes],
      ['flip.txt', flip],
      ['flipv.txt', flipV],
      ['gone.txt', gone],
    ] as const)
      await eventually(
        () => head(dst, 'tag-dst', key),
        (h) => h.VersionId === v.VersionId,
        `${key} replicated`,
      );
    // Tags that stop matching: the objects are no longer the rule's.
    await retag('flip.txt', 'no');
    await retag('flipv.txt', 'no');
    await settled('barrier-1.txt');
    expect((await head(src, 'tag-src', 'no.txt')).ReplicationStatus).toBeUndefined();
    expect((await targetVersions('no.txt')).versions).toEqual([]);
    expect(no.VersionId).toBeDefined();

    // A delete marker on a matching object replicates with its id; on one that stopped matching, not.
    const marker = await src.s3.send(new DeleteObjectCommand({ Bucket: 'tag-src', Key: 'yes.txt' }));
    await src.s3.send(new DeleteObjectCommand({ Bucket: 'tag-src', Key: 'flip.txt' }));
    // A version delete likewise, judged by the deleted version's tags.
    await src.s3.send(
      new DeleteObjectCommand({ Bucket: 'tag-src', Key: 'gone.txt', VersionId: gone.VersionId }),
    );
    await src.s3.send(
      new DeleteObjectCommand({ Bucket: 'tag-src', Key: 'flipv.txt', VersionId: flipV.VersionId }),
    );
    await settled('barrier-2.txt');

    expect(await targetVersions('yes.txt')).toEqual({
      versions: [yes.VersionId],
      markers: [marker.VersionId],
    });
    expect(await targetVersions('flip.txt')).toEqual({ versions: [flip.VersionId], markers: [] });
    expect(await targetVersions('gone.txt')).toEqual({ versions: [], markers: [] });
    expect(await targetVersions('flipv.txt')).toEqual({ versions: [flipV.VersionId], markers: [] });
  });
});

describe('delete markers and their replication status', () => {
  /** A HEAD of the marker's version: 405 with MinIO's headers. */
  const markerHead = (t: TestStore, bucket: string, versionId: string) =>
    signedRequest(t.store.port, {
      method: 'HEAD',
      path: `/${bucket}/dm.txt?versionId=${encodeURIComponent(versionId)}`,
    });

  it('a replicated delete marker shows PENDING then COMPLETED on the source, REPLICA on the target', async () => {
    await src.s3.send(new PutObjectCommand({ Bucket: 'dm-src', Key: 'dm.txt', Body: 'x' }));
    await statusBecomes(src, 'dm-src', 'dm.txt', 'COMPLETED');
    const marker = await src.s3.send(new DeleteObjectCommand({ Bucket: 'dm-src', Key: 'dm.txt' }));
    const first = await markerHead(src, 'dm-src', marker.VersionId!);
    expect(first.status).toBe(405);
    expect(first.headers['x-amz-delete-marker']).toBe('true');
    expect(first.headers['x-minio-replication-deletemarker-status']).toMatch(/^(PENDING|COMPLETED)$/);
    await eventually(
      () => markerHead(src, 'dm-src', marker.VersionId!),
      (r) => r.headers['x-minio-replication-deletemarker-status'] === 'COMPLETED',
      'marker COMPLETED',
    );
    const replica = await markerHead(dst, 'dm-dst', marker.VersionId!);
    expect(replica.status).toBe(405);
    expect(replica.headers['x-amz-delete-marker']).toBe('true');
    expect(replica.headers['x-minio-replication-deletemarker-status']).toBe('REPLICA');
    // A plain GET of the key (the marker is latest) says so too: 404 with the marker's status.
    const latest = await signedRequest(src.store.port, { method: 'GET', path: '/dm-src/dm.txt' });
    expect(latest.status).toBe(404);
    expect(latest.headers['x-minio-replication-deletemarker-status']).toBe('COMPLETED');
    // Tags and locks on a marker stay refused (only replication writes its status).
    const tagging = await signedRequest(src.store.port, {
      method: 'PUT',
      path: `/dm-src/dm.txt?tagging=&versionId=${marker.VersionId}`,
      body: '<Tagging><TagSet><Tag><Key>a</Key><Value>b</Value></Tag></TagSet></Tagging>',
    });
    expect(tagging.status).toBe(405);
    const metrics = JSON.parse(
      (await signedRequest(src.store.port, { method: 'GET', path: '/dm-src?replication-metrics=' })).body,
    ) as { Stats: Record<string, { replicationCount: number }> };
    expect(Object.values(metrics.Stats)[0]!.replicationCount).toBe(2);
  });
});

describe('deletes to a target that is down', () => {
  it('are kept, shown FAILED, and sent once it returns', async () => {
    const v = await src.s3.send(new PutObjectCommand({ Bucket: 'dm-src', Key: 'vd.txt', Body: 'v' }));
    await src.s3.send(new PutObjectCommand({ Bucket: 'dm-src', Key: 'dm2.txt', Body: 'm' }));
    await statusBecomes(src, 'dm-src', 'vd.txt', 'COMPLETED');
    await statusBecomes(src, 'dm-src', 'dm2.txt', 'COMPLETED');
    const markerStatus = async (id: string) =>
      (await signedRequest(src.store.port, { method: 'HEAD', path: `/dm-src/dm2.txt?versionId=${id}` }))
        .headers['x-minio-replication-deletemarker-status'];
    relay.setDown(true);
    let marker = '';
    try {
      await src.s3.send(new DeleteObjectCommand({ Bucket: 'dm-src', Key: 'vd.txt', VersionId: v.VersionId }));
      marker = (await src.s3.send(new DeleteObjectCommand({ Bucket: 'dm-src', Key: 'dm2.txt' }))).VersionId!;
      await eventually(
        () => queued(src, 'dm-src'),
        (q) => q.failed === 2,
        'both deletes FAILED',
      );
      await eventually(
        () => markerStatus(marker),
        (st) => st === 'FAILED',
        'marker FAILED',
      );
      // Nothing reached the target: the version is still there.
      expect((await head(dst, 'dm-dst', 'vd.txt', v.VersionId)).VersionId).toBe(v.VersionId);
    } finally {
      relay.setDown(false);
    }
    await eventually(
      () => queued(src, 'dm-src'),
      (q) => q.failed === 0 && q.pending === 0,
      'queue drained',
    );
    const l = await dst.s3.send(new ListObjectVersionsCommand({ Bucket: 'dm-dst', Prefix: 'vd.txt' }));
    expect(l.Versions ?? []).toEqual([]);
    expect(await markerStatus(marker)).toBe('COMPLETED');
    const m = await dst.s3.send(new ListObjectVersionsCommand({ Bucket: 'dm-dst', Prefix: 'dm2.txt' }));
    expect((m.DeleteMarkers ?? []).map((d) => d.VersionId)).toEqual([marker]);
  });
});

describe('a target whose keys may write but not read', () => {
  it('gets every change whole (its HEAD is refused), and the tags still match', async () => {
    const admin = new MadminClient({ endpoint: dst.store.url, credentials: ROOT });
    // What replication needs to write, and no read: no s3:GetObject / s3:GetObjectVersion.
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: [
            's3:PutObject',
            's3:PutObjectTagging',
            's3:ReplicateObject',
            's3:ReplicateDelete',
            's3:GetBucketVersioning',
          ],
          Resource: ['arn:aws:s3:::blind-dst', 'arn:aws:s3:::blind-dst/*'],
        },
      ],
    };
    await admin.policies.add('replicate-only', JSON.stringify(policy));
    await admin.users.add('blind', 'blind-secret-1');
    await admin.policies.attach({ policies: ['replicate-only'], user: 'blind' });
    await pair(
      'blind-src',
      'blind-dst',
      {},
      {
        credentials: { accessKey: 'blind', secretKey: 'blind-secret-1', expiration: '0001-01-01T00:00:00Z' },
      },
    );
    const put = await src.s3.send(
      new PutObjectCommand({ Bucket: 'blind-src', Key: 'b.txt', Body: 'blind', Tagging: 'a=1' }),
    );
    await statusBecomes(src, 'blind-src', 'b.txt', 'COMPLETED');
    await src.s3.send(
      new PutObjectTaggingCommand({
        Bucket: 'blind-src',
        Key: 'b.txt',
        Tagging: { TagSet: [{ Key: 'a', Value: '2' }] },
      }),
    );
    await eventually(
      () => tagsOf(dst, 'blind-dst', 'b.txt'),
      (t) => t[0]?.Value === '2',
      'tags on target',
    );
    await statusBecomes(src, 'blind-src', 'b.txt', 'COMPLETED');
    const l = await dst.s3.send(new ListObjectVersionsCommand({ Bucket: 'blind-dst' }));
    expect((l.Versions ?? []).map((v) => v.VersionId)).toEqual([put.VersionId]);
  });
});
