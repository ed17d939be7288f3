import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundPolicy } from '../../src/net/outbound.js';
import { deleteReplica, putReplica } from '../../src/replication/client.js';
import type { BucketTarget } from '../../src/replication/targets.js';
import { code } from '../support/outcome.js';
import { remoteTarget } from '../support/remote-target.js';

// Replication towards a plain S3 server: s3rver (npm), the only one that runs here (Debian
// ships neither MinIO nor moto). s3rver implements no bucket versioning: GET ?versioning
// answers 501 NotImplemented, it keeps one copy per key, and it ignores MinIO's replication
// headers. So, as MinIO does for a target whose bucket is not versioned, the store refuses it
// as a replication target, with a clear admin error; that refusal is proved here against the
// real s3rver. What a plain S3 server can take of our replication wire (the worker's PUT of a
// version with its metadata, an overwrite, and a delete) is proved by sending the worker's own
// calls to s3rver. What s3rver cannot show: version ids kept, delete markers as versions,
// deletes of one version id (those need a versioned target).

const S3RVER_KEYS = { accessKey: 'S3RVER', secretKey: 'S3RVER' };

let dir: string;
let plain: S3rver;
let endpoint: string;
let source: TestStore;
let remote: s3sdk.S3Client;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 's3rver-'));
  plain = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true });
  const { port } = await plain.run();
  endpoint = `127.0.0.1:${port}`;
  remote = new s3sdk.S3Client({
    endpoint: `http://${endpoint}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3RVER_KEYS.accessKey, secretAccessKey: S3RVER_KEYS.secretKey },
  });
  await remote.send(new s3sdk.CreateBucketCommand({ Bucket: 'dst' }));
  source = await startTestStore();
  await source.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'src' }));
  await source.s3.send(
    new s3sdk.PutBucketVersioningCommand({ Bucket: 'src', VersioningConfiguration: { Status: 'Enabled' } }),
  );
});
afterAll(async () => {
  remote.destroy();
  await source.close();
  await plain.close();
  await rm(dir, { recursive: true, force: true });
});

const s3rverTarget = (): BucketTarget => ({
  ...remoteTarget(source, 'src', 'dst'),
  endpoint,
  credentials: { ...S3RVER_KEYS, expiration: '0001-01-01T00:00:00Z' },
  arn: 'arn:minio:replication::s3rver:dst',
});

const body = async (key: string): Promise<string> =>
  (await remote.send(new s3sdk.GetObjectCommand({ Bucket: 'dst', Key: key }))).Body!.transformToString();

describe('replication to a plain S3 server (s3rver)', () => {
  it('refuses s3rver as a replication target: its bucket cannot be versioned', async () => {
    const admin = new MadminClient({ endpoint: source.store.url, credentials: ROOT });
    const refused = admin.remoteTargets.set('src', s3rverTarget());
    expect(await code(refused)).toBe('400 RemoteTargetNotVersionedError');
    await expect(refused).rejects.toThrow(/does not implement bucket versioning/);
    await expect(admin.remoteTargets.list('src')).rejects.toThrow();
  });

  it('accepts s3rver as an S3 tier: a tier needs no versioning', async () => {
    const admin = new MadminClient({ endpoint: source.store.url, credentials: ROOT });
    await admin.tiers.add({
      Version: 'v1',
      Type: 's3',
      Name: 'PLAIN',
      S3: {
        Endpoint: `http://${endpoint}`,
        AccessKey: S3RVER_KEYS.accessKey,
        SecretKey: S3RVER_KEYS.secretKey,
        Bucket: 'dst',
        Prefix: 'tier/',
        Region: 'us-east-1',
      },
    });
    expect((await admin.tiers.list()).map((t) => t.Name)).toEqual(['PLAIN']);
  });

  it("takes the worker's PUT, overwrite and delete of a replicated key", async () => {
    const t = s3rverTarget();
    const put = (text: string, versionId: string) =>
      putReplica(
        t,
        {
          key: 'docs/a b.txt',
          versionId,
          modTime: new Date(),
          body: Readable.from([Buffer.from(text)]),
          size: Buffer.byteLength(text),
          contentType: 'text/plain',
          userMeta: { colour: 'blue' },
          headers: { 'cache-control': 'no-cache' },
          tags: '',
        },
        OutboundPolicy.OPEN,
      );
    await put('first', '11111111-1111-4111-8111-111111111111');
    const head = await remote.send(new s3sdk.HeadObjectCommand({ Bucket: 'dst', Key: 'docs/a b.txt' }));
    expect(head).toMatchObject({ ContentType: 'text/plain', Metadata: { colour: 'blue' } });
    expect(await body('docs/a b.txt')).toBe('first');

    await put('second, longer', '22222222-2222-4222-8222-222222222222');
    expect(await body('docs/a b.txt')).toBe('second, longer');

    // A delete marker replicated to an unversioned bucket removes the key.
    await deleteReplica(
      t,
      {
        key: 'docs/a b.txt',
        versionId: '33333333-3333-4333-8333-333333333333',
        modTime: new Date(),
        marker: true,
      },
      OutboundPolicy.OPEN,
    );
    const listed = await remote.send(new s3sdk.ListObjectsV2Command({ Bucket: 'dst' }));
    expect(listed.KeyCount).toBe(0);
  });
});
