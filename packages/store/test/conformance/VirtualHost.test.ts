import { Agent } from 'node:http';
import type { LookupFunction } from 'node:net';
import * as s3sdk from '@aws-sdk/client-s3';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Virtual-host style end to end: the store reads its domain from STOWAGE_DOMAIN at start,
// and @aws-sdk/client-s3 with forcePathStyle: false addresses `<bucket>.s3.stowage.test`.
// Bucket subdomains have no DNS here, so the client's agent resolves every name to the
// loopback address; the Host header still names the bucket.

const {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} = s3sdk;

const loopback: LookupFunction = (_host, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

let t: TestStore;
let vhost: s3sdk.S3Client;
beforeAll(async () => {
  process.env.STOWAGE_DOMAIN = 's3.stowage.test';
  try {
    t = await startTestStore();
  } finally {
    delete process.env.STOWAGE_DOMAIN;
  }
  vhost = new s3sdk.S3Client({
    endpoint: `http://s3.stowage.test:${t.store.port}`,
    region: 'us-east-1',
    forcePathStyle: false,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
    maxAttempts: 1,
    requestHandler: { httpAgent: new Agent({ lookup: loopback }) },
  });
});
afterAll(async () => {
  vhost.destroy();
  await t.close();
});

describe('virtual-host style addressing', () => {
  it('bucket and object operations address the bucket through the Host header', async () => {
    const seen: string[] = [];
    vhost.middlewareStack.add(
      (next) => async (args) => {
        const req = args.request as { hostname?: string };
        if (req.hostname) seen.push(req.hostname);
        return next(args);
      },
      { step: 'finalizeRequest', name: 'recordHost' },
    );
    await vhost.send(new CreateBucketCommand({ Bucket: 'hosted' }));
    await vhost.send(new HeadBucketCommand({ Bucket: 'hosted' }));
    await vhost.send(new PutObjectCommand({ Bucket: 'hosted', Key: 'dir/a b☃.txt', Body: 'virtual' }));
    const got = await vhost.send(new GetObjectCommand({ Bucket: 'hosted', Key: 'dir/a b☃.txt' }));
    expect(await got.Body?.transformToString()).toBe('virtual');
    const list = await vhost.send(new ListObjectsV2Command({ Bucket: 'hosted', Prefix: 'dir/' }));
    expect(list.Contents?.map((c) => c.Key)).toEqual(['dir/a b☃.txt']);
    expect(new Set(seen)).toEqual(new Set(['hosted.s3.stowage.test']));
    // The same objects, path style, on the same server.
    const path = await t.s3.send(new GetObjectCommand({ Bucket: 'hosted', Key: 'dir/a b☃.txt' }));
    expect(await path.Body?.transformToString()).toBe('virtual');
    await vhost.send(new DeleteObjectCommand({ Bucket: 'hosted', Key: 'dir/a b☃.txt' }));
  });

  it('an unknown bucket subdomain is NoSuchBucket', async () => {
    await expect(vhost.send(new HeadBucketCommand({ Bucket: 'absent' }))).rejects.toMatchObject({
      $metadata: { httpStatusCode: 404 },
    });
  });

  it("a completed upload's Location names the object in the request's own style", async () => {
    const upload = await vhost.send(
      new CreateMultipartUploadCommand({ Bucket: 'hosted', Key: 'up/loaded.bin' }),
    );
    const part = await vhost.send(
      new UploadPartCommand({
        Bucket: 'hosted',
        Key: 'up/loaded.bin',
        UploadId: upload.UploadId,
        PartNumber: 1,
        Body: 'p',
      }),
    );
    const done = await vhost.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'hosted',
        Key: 'up/loaded.bin',
        UploadId: upload.UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    expect(done.Location).toBe(`http://hosted.s3.stowage.test:${t.store.port}/up/loaded.bin`);
  });
});
