import * as s3sdk from '@aws-sdk/client-s3';
import type { TestStore } from '@stowage/test-support/store/harness';
import { expect } from 'vitest';
import { corruptShard, driveWithShard } from '../faults/support.js';

/**
 * A GET that meets bitrot, for tests of what the store logs of it: a new bucket and an
 * object of shard files (past the inline limit) whose data shard 0, read by every plain GET,
 * is corrupted on its drive. The GET still answers every byte (decoded from the others);
 * its request id is returned.
 */
export async function getThroughBitrot(t: TestStore, bucket: string, key: string): Promise<string> {
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: bucket }));
  const body = Buffer.alloc(300 * 1024, 9);
  await t.s3.send(new s3sdk.PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
  await corruptShard(t.drives[driveWithShard(t.drives, bucket, key, 0)]!, bucket, key);
  const got = await t.s3.send(new s3sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
  expect(Buffer.from(await got.Body!.transformToByteArray()).equals(body)).toBe(true);
  return got.$metadata.requestId!;
}
