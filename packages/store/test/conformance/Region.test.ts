import * as s3sdk from '@aws-sdk/client-s3';
import { MadminClient } from '@stowage/madmin';
import { ROOT, signedRequest, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore } from '../../src/index.js';

const {
  CreateBucketCommand,
  GetBucketLocationCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} = s3sdk;

// The region: none is set by default, and then a request may name any region (MinIO's
// default; minio-go's own suite makes buckets in eu-west-1 and eu-central-1). A site region
// configured through the admin API is reported; a store started with a region refuses others.

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t.close());

/** A root client signing for `region`, of this file's store unless another is named. */
const clientIn = (region: string, endpoint = t.store.url) =>
  new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
    maxAttempts: 1,
  });

const failure = (p: Promise<unknown>) =>
  p.then(
    () => 'none',
    (e: { name: string; $metadata?: { httpStatusCode?: number } }) =>
      `${e.$metadata?.httpStatusCode} ${e.name}`,
  );

describe('a store with no region set', () => {
  it('takes requests signed for any region, "US" too, and any location constraint', async () => {
    for (const region of ['eu-central-1', 'US', 'us-east-1']) {
      const s3 = clientIn(region);
      const bucket = `open-${region.toLowerCase()}`;
      await s3.send(
        new CreateBucketCommand({
          Bucket: bucket,
          CreateBucketConfiguration: { LocationConstraint: region as s3sdk.BucketLocationConstraint },
        }),
      );
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'v' }));
      const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'k' }));
      expect(await got.Body?.transformToString()).toBe('v');
      s3.destroy();
    }
  });

  it('reports no region: an empty location, no X-Amz-Bucket-Region', async () => {
    const missing = await signedRequest(t.store.port, { method: 'GET', path: '/open-eu-central-1/absent' });
    expect(missing.headers['x-amz-bucket-region']).toBeUndefined();
    const location = await t.s3.send(new GetBucketLocationCommand({ Bucket: 'open-eu-central-1' }));
    expect(location.LocationConstraint ?? '').toBe('');
    const head = await t.s3.send(new HeadBucketCommand({ Bucket: 'open-eu-central-1' }));
    expect(head.BucketRegion).toBeUndefined();
  });
});

describe('a store whose site region is set', () => {
  beforeAll(async () => {
    const admin = new MadminClient({ endpoint: t.store.url, credentials: ROOT });
    const applied = await admin.config.setKV('site region=eu-west-1');
    // The region is read at start, as MinIO's is: setting it asks for a restart.
    expect(applied.restart).toBe(true);
    await t.store.close();
    t.store = await startStore({ drives: t.drives, rootCredentials: ROOT, port: t.store.port });
  });

  it('reports it, and still takes clients signing for another (the console among them)', async () => {
    const west = clientIn('eu-west-1');
    await west.send(
      new CreateBucketCommand({
        Bucket: 'west',
        CreateBucketConfiguration: { LocationConstraint: 'eu-west-1' },
      }),
    );
    expect((await west.send(new GetBucketLocationCommand({ Bucket: 'west' }))).LocationConstraint).toBe(
      'eu-west-1',
    );
    expect((await west.send(new HeadBucketCommand({ Bucket: 'west' }))).BucketRegion).toBe('eu-west-1');
    west.destroy();
    const east = clientIn('us-east-1');
    expect((await east.send(new HeadBucketCommand({ Bucket: 'west' }))).BucketRegion).toBe('eu-west-1');
    east.destroy();
  });

  it('names it on every answer, errors and HEAD errors included, as MinIO does', async () => {
    for (const [method, path] of [
      ['GET', '/west/absent'],
      ['HEAD', '/west/absent'],
      ['HEAD', '/no-such-bucket'],
      ['GET', '/'],
    ] as const) {
      const res = await signedRequest(t.store.port, { method, path, region: 'eu-west-1' });
      expect(res.headers['x-amz-bucket-region'], `${method} ${path}`).toBe('eu-west-1');
    }
  });
});

describe('a store started with a region', () => {
  it('refuses requests signed for another region and other constraints; takes "US" for us-east-1 (s3cmd)', async () => {
    const east = await startTestStore({ region: 'us-east-1' });
    try {
      const us = clientIn('US', east.store.url);
      await us.send(new CreateBucketCommand({ Bucket: 'old-client' }));
      const elsewhere = clientIn('eu-central-1', east.store.url);
      expect(await failure(elsewhere.send(new GetBucketLocationCommand({ Bucket: 'old-client' })))).toBe(
        '400 AuthorizationHeaderMalformed',
      );
      elsewhere.destroy();
      expect((await east.s3.send(new HeadBucketCommand({ Bucket: 'old-client' }))).BucketRegion).toBe(
        'us-east-1',
      );
      us.destroy();
      expect(
        await failure(
          east.s3.send(
            new CreateBucketCommand({
              Bucket: 'elsewhere',
              CreateBucketConfiguration: { LocationConstraint: 'eu-west-1' },
            }),
          ),
        ),
      ).toBe('400 InvalidLocationConstraint');
    } finally {
      await east.close();
    }
  });
});
