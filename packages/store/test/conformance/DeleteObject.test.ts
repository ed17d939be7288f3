import * as s3sdk from '@aws-sdk/client-s3';
import { signedRequest, startTestStore, type TestStore, xmlCode } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand } = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'trash' }));
});
afterAll(() => t.close());

describe('DeleteObject', () => {
  it('deletes with 204, after which the key is gone', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'trash', Key: 'old/file', Body: 'bye' }));
    const out = await t.s3.send(new DeleteObjectCommand({ Bucket: 'trash', Key: 'old/file' }));
    expect(out.$metadata.httpStatusCode).toBe(204);
    await expect(t.s3.send(new GetObjectCommand({ Bucket: 'trash', Key: 'old/file' }))).rejects.toMatchObject(
      {
        name: 'NoSuchKey',
      },
    );
  });

  it('is idempotent: deleting a missing key is 204 too', async () => {
    const out = await t.s3.send(new DeleteObjectCommand({ Bucket: 'trash', Key: 'never-existed' }));
    expect(out.$metadata.httpStatusCode).toBe(204);
  });

  it('204 and 304 answers carry no Content-Length (RFC 9110)', async () => {
    const put = await t.s3.send(new PutObjectCommand({ Bucket: 'trash', Key: 'lengthless', Body: 'x' }));
    const notModified = await signedRequest(t.store.port, {
      method: 'GET',
      path: '/trash/lengthless',
      headers: { 'if-none-match': put.ETag! },
    });
    expect([notModified.status, notModified.headers['content-length']]).toEqual([304, undefined]);
    const deleted = await signedRequest(t.store.port, { method: 'DELETE', path: '/trash/lengthless' });
    expect([deleted.status, deleted.headers['content-length'], deleted.headers['transfer-encoding']]).toEqual(
      [204, undefined, undefined],
    );
  });

  it('an empty versionId is InvalidArgument, and the object stays', async () => {
    await t.s3.send(new PutObjectCommand({ Bucket: 'trash', Key: 'kept', Body: 'still here' }));
    const res = await signedRequest(t.store.port, { method: 'DELETE', path: '/trash/kept?versionId=' });
    expect([res.status, xmlCode(res.body)]).toEqual([400, 'InvalidArgument']);
    const got = await t.s3.send(new GetObjectCommand({ Bucket: 'trash', Key: 'kept' }));
    expect(await got.Body!.transformToString()).toBe('still here');
  });

  it('answers NoSuchBucket for a missing bucket', async () => {
    await expect(t.s3.send(new DeleteObjectCommand({ Bucket: 'no-bucket', Key: 'k' }))).rejects.toMatchObject(
      {
        name: 'NoSuchBucket',
      },
    );
  });

  it('works through the minio SDK', async () => {
    await t.minio.putObject('trash', 'm', Buffer.from('x'));
    await t.minio.removeObject('trash', 'm');
    await expect(t.minio.statObject('trash', 'm')).rejects.toMatchObject({ code: 'NotFound' });
  });
});
