import * as s3sdk from '@aws-sdk/client-s3';
import type { TestStore } from '@stowage/test-support/store/harness';
import { vi } from 'vitest';

// What the notification delivery tests share: subscribing a bucket's events to targets,
// making a fixed run of events, and waiting for a peer to have received them.

const { DeleteObjectCommand, PutBucketNotificationConfigurationCommand, PutObjectCommand } = s3sdk;

const ALL = ['s3:ObjectCreated:*' as const, 's3:ObjectRemoved:*' as const];

/** Sends every created and removed event of `bucket` to each ARN (rule Id: the ARN's target id). */
export async function subscribe(t: TestStore, bucket: string, arns: string[]): Promise<void> {
  await t.s3.send(
    new PutBucketNotificationConfigurationCommand({
      Bucket: bucket,
      NotificationConfiguration: {
        QueueConfigurations: arns.map((QueueArn) => ({ Id: QueueArn.split(':')[4], QueueArn, Events: ALL })),
      },
    }),
  );
}

/** Puts `a.txt` and `dir/b c.txt`, then deletes `a.txt`: three events, in that order. */
export async function putPutDelete(t: TestStore, bucket: string): Promise<void> {
  for (const Key of ['a.txt', 'dir/b c.txt'])
    await t.s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body: Key }));
  await t.s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'a.txt' }));
}

/** Reads until `ok` holds (or about 10 s have passed) and returns the last read; a failed read ends it. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  let last: T | undefined;
  let failure: { err: unknown } | undefined;
  await vi
    .waitFor(
      async () => {
        try {
          last = await read();
        } catch (err) {
          failure = { err };
          return;
        }
        if (!ok(last)) throw new Error('not yet');
      },
      { timeout: 10_000, interval: 50 },
    )
    .catch(() => {});
  if (failure) throw failure.err;
  return last as T;
}

/** One delivered event log, as MinIO's event.Log. */
export interface DeliveredLog {
  EventName: string;
  Key: string;
  Records: {
    eventName: string;
    s3: { configurationId: string; bucket: { name: string }; object: { key: string } };
  }[];
}

export const EXPECTED_EVENTS = ['s3:ObjectCreated:Put', 's3:ObjectCreated:Put', 's3:ObjectRemoved:Delete'];
export const EXPECTED_KEYS = ['a.txt', 'dir/b c.txt', 'a.txt'];
