import type { PolicyStatement } from '@stowage/madmin';
import type { Client as S3Client } from 'minio';
import { ApiError } from '../../http/errors.js';
import { putLegalHold, putRetention, putTags } from '../objects/edit.js';
import { mapLimit } from './map-limit.js';
import { copyObject, deleteObjects, headObject } from './s3-ops.js';
import type { SelectedObject } from './selection.js';
import type { JobRecord, KeyOutcome, StoredKind } from './store.js';

// What each kind of job does to a page of keys, and the least a service account needs to do
// it: the actions of the kind, on the job's bucket and prefix (and the destination's, for
// copy and move) only. An undo job runs over the keys its job handled, in reverse.

/** A key of a page; undo pages carry the version their job recorded. */
export type JobObject = SelectedObject & { versionId?: string | undefined };

/** What a job's rights are drawn from. */
export type JobScope = Pick<JobRecord, 'bucket' | 'selection' | 'options'>;

export interface JobAction {
  /** Keys a page holds: DeleteObjects takes 1000 at once, per-key calls go in smaller pages. */
  pageSize: number;
  statements(job: JobScope, original?: Pick<JobRecord, 'kind'>): PolicyStatement[];
  apply(
    s3: S3Client,
    job: JobRecord,
    objects: readonly JobObject[],
    original?: JobRecord,
  ): Promise<KeyOutcome[]>;
}

/** Per-key calls in flight at once. */
const KEY_CONCURRENCY = 16;

const bucketArn = (bucket: string) => `arn:aws:s3:::${bucket}`;
const objectsArn = (bucket: string, prefix: string) => `arn:aws:s3:::${bucket}/${prefix}*`;

function listing(bucket: string, prefix: string): PolicyStatement {
  return {
    Effect: 'Allow',
    Action: ['s3:ListBucket'],
    Resource: [bucketArn(bucket)],
    ...(prefix ? { Condition: { StringLike: { 's3:prefix': [`${prefix}*`] } } } : {}),
  };
}

const onObjects = (bucket: string, prefix: string, actions: string[]): PolicyStatement => ({
  Effect: 'Allow',
  Action: actions,
  Resource: [objectsArn(bucket, prefix)],
});

/** Listing the job's prefix, and `actions` on the keys under it. */
const onSource = (job: JobScope, actions: string[]): PolicyStatement[] => [
  listing(job.bucket, job.selection.prefix),
  onObjects(job.bucket, job.selection.prefix, actions),
];

export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.detailedMessage || err.message;
  return (err as Error).message || String(err);
}

/** Where a key goes in a copy or move: its part below the job's prefix, under the destination's. */
export function destinationKey(job: JobScope, key: string): string {
  const dest = job.options.destination;
  if (!dest) throw new Error('the job has no destination');
  return dest.prefix + key.slice(job.selection.prefix.length);
}

const TRANSPORT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'UND_ERR_SOCKET']);

/**
 * The server could not be reached or asked us to slow down: the page's failure, not the key's
 * (the page is redone when the job goes on, where a key's failure would be final).
 */
export function isTransient(err: unknown): boolean {
  const e = err as { code?: string; storageCode?: string; status?: number; cause?: { code?: string } };
  // A storage call's error is mapped (storageCall): the server's own code is storageCode.
  const code = e.storageCode ?? e.code ?? '';
  return (
    TRANSPORT_CODES.has(code) ||
    TRANSPORT_CODES.has(e.cause?.code ?? '') ||
    e.status === 503 ||
    code === 'SlowDown' ||
    code === 'ServiceUnavailable'
  );
}

/** Codes by which the store refuses the job's account itself (gone, expired), not one key. */
const ACCOUNT_CODES = new Set(['InvalidAccessKeyId', 'ExpiredToken', 'InvalidToken', 'InvalidClientTokenId']);

/**
 * The store no longer takes the job's account: every key after would fail the same way, so
 * the job stops where it is (and may be retried with a new account) instead.
 */
export function isAccountRefused(err: unknown): boolean {
  const e = err as { code?: string; storageCode?: string };
  return ACCOUNT_CODES.has(e.storageCode ?? e.code ?? '');
}

/** Each key through `fn`; a failure is that key's outcome, unless it is the server's or the account's. */
function perKey(objects: readonly JobObject[], fn: (o: JobObject) => Promise<void>): Promise<KeyOutcome[]> {
  return mapLimit(objects, KEY_CONCURRENCY, async (o) => {
    try {
      await fn(o);
      return { key: o.key, bytes: o.size };
    } catch (err) {
      if (isTransient(err) || isAccountRefused(err)) throw err;
      return { key: o.key, bytes: o.size, error: errorText(err) };
    }
  });
}

/** Copies unless the destination already holds the same bytes (a page redone after a restart). */
async function copyOnce(
  s3: S3Client,
  from: { bucket: string; key: string; etag: string },
  to: { bucket: string; key: string },
) {
  const there = await headObject(s3, to.bucket, to.key);
  if (there && from.etag && there.etag === from.etag) return;
  await copyObject(s3, from, to);
}

/** Copies a page, then deletes the sources that were copied, in one DeleteObjects. */
async function movePage(
  s3: S3Client,
  objects: readonly JobObject[],
  from: (o: JobObject) => { bucket: string; key: string },
  to: (o: JobObject) => { bucket: string; key: string },
): Promise<KeyOutcome[]> {
  const copied = await perKey(objects, (o) => copyOnce(s3, { ...from(o), etag: o.etag }, to(o)));
  const sourceBucket = objects[0] ? from(objects[0]).bucket : '';
  const toDelete = copied.filter((c) => c.error === undefined);
  const deleted = new Map(
    (
      await deleteObjects(
        s3,
        sourceBucket,
        toDelete.map((c) => ({ key: from(objects.find((o) => o.key === c.key)!).key })),
      )
    ).map((d) => [d.key, d]),
  );
  return copied.map((c, i) => {
    if (c.error !== undefined) return c;
    const d = deleted.get(from(objects[i]!).key);
    return d?.error ? { ...c, error: `copied, but the source was not deleted: ${d.error}` } : c;
  });
}

const copyActions = ['s3:GetObject', 's3:GetObjectTagging'];
const writeActions = ['s3:GetObject', 's3:PutObject', 's3:PutObjectTagging'];

function destinationOf(job: JobScope) {
  const dest = job.options.destination;
  if (!dest) throw new ApiError('badRequest', 'body/options/destination is required for a copy or a move');
  return dest;
}

const ACTIONS: Record<StoredKind, JobAction> = {
  delete: {
    pageSize: 1000,
    statements: (job) => onSource(job, ['s3:GetObject', 's3:DeleteObject']),
    async apply(s3, job, objects) {
      const results = await deleteObjects(
        s3,
        job.bucket,
        objects.map((o) => ({ key: o.key })),
      );
      return results.map((r, i) => ({
        key: r.key,
        bytes: objects[i]!.size,
        ...(r.markerVersionId ? { versionId: r.markerVersionId } : {}),
        ...(r.error ? { error: r.error } : {}),
      }));
    },
  },
  copy: {
    pageSize: 250,
    statements(job) {
      const dest = destinationOf(job);
      return [...onSource(job, copyActions), onObjects(dest.bucket, dest.prefix, writeActions)];
    },
    apply: (s3, job, objects) =>
      perKey(objects, (o) =>
        copyOnce(
          s3,
          { bucket: job.bucket, key: o.key, etag: o.etag },
          { bucket: destinationOf(job).bucket, key: destinationKey(job, o.key) },
        ),
      ),
  },
  move: {
    pageSize: 250,
    statements(job) {
      const dest = destinationOf(job);
      return [
        ...onSource(job, [...copyActions, 's3:DeleteObject']),
        onObjects(dest.bucket, dest.prefix, writeActions),
      ];
    },
    apply: (s3, job, objects) =>
      movePage(
        s3,
        objects,
        (o) => ({ bucket: job.bucket, key: o.key }),
        (o) => ({ bucket: destinationOf(job).bucket, key: destinationKey(job, o.key) }),
      ),
  },
  'set-tags': {
    pageSize: 250,
    statements: (job) => onSource(job, ['s3:GetObject', 's3:PutObjectTagging']),
    apply: (s3, job, objects) =>
      perKey(objects, (o) => putTags(s3, job.bucket, o.key, undefined, job.options.tags ?? {})),
  },
  'set-retention': {
    pageSize: 250,
    statements: (job) =>
      onSource(job, [
        's3:GetObject',
        's3:PutObjectRetention',
        ...(job.options.retention?.governance_bypass ? ['s3:BypassGovernanceRetention'] : []),
      ]),
    apply(s3, job, objects) {
      const retention = job.options.retention;
      if (!retention) throw new ApiError('badRequest', 'body/options/retention is required');
      return perKey(objects, (o) =>
        putRetention(s3, job.bucket, o.key, undefined, {
          mode: retention.mode,
          expires: retention.until,
          governance_bypass: retention.governance_bypass,
        }),
      );
    },
  },
  'set-legal-hold': {
    pageSize: 250,
    statements: (job) => onSource(job, ['s3:GetObject', 's3:PutObjectLegalHold']),
    apply: (s3, job, objects) =>
      perKey(objects, (o) =>
        putLegalHold(
          s3,
          job.bucket,
          o.key,
          undefined,
          job.options.legal_hold === 'on' ? 'enabled' : 'disabled',
        ),
      ),
  },
  'set-storage-class': {
    pageSize: 250,
    statements: (job) => onSource(job, [...copyActions, ...writeActions]),
    apply: (s3, job, objects) =>
      perKey(objects, (o) =>
        copyObject(
          s3,
          { bucket: job.bucket, key: o.key },
          { bucket: job.bucket, key: o.key },
          {
            'x-amz-storage-class': job.options.storage_class ?? 'STANDARD',
            'x-amz-metadata-directive': 'COPY',
          },
        ),
      ),
  },
  // Undo: of a delete, removes the delete markers it made (the versions before come back);
  // of a move, moves each key it moved back where it was.
  undo: {
    pageSize: 250,
    statements(job, original) {
      if (original?.kind === 'delete')
        return [onObjects(job.bucket, job.selection.prefix, ['s3:DeleteObject', 's3:DeleteObjectVersion'])];
      const dest = destinationOf(job);
      return [
        onObjects(dest.bucket, dest.prefix, [...copyActions, 's3:DeleteObject']),
        onObjects(job.bucket, job.selection.prefix, writeActions),
      ];
    },
    async apply(s3, job, objects, original) {
      if (original?.kind === 'delete') {
        const marked = objects.filter((o) => o.versionId);
        const results = new Map(
          (
            await deleteObjects(
              s3,
              job.bucket,
              marked.map((o) => ({ key: o.key, versionId: o.versionId })),
            )
          ).map((r) => [r.key, r]),
        );
        return objects.map((o) => {
          const r = results.get(o.key);
          if (!r) return { key: o.key, bytes: o.size, error: 'no delete marker was recorded for this key' };
          return { key: o.key, bytes: o.size, ...(r.error ? { error: r.error } : {}) };
        });
      }
      const dest = destinationOf(job);
      // The moved copy's ETag is read where it is now, so a redone page copies nothing twice.
      const here = await mapLimit(objects, KEY_CONCURRENCY, async (o) => {
        const there = await headObject(s3, dest.bucket, destinationKey(job, o.key)).catch(() => undefined);
        return { ...o, etag: there?.etag ?? '' };
      });
      return movePage(
        s3,
        here,
        (o) => ({ bucket: dest.bucket, key: destinationKey(job, o.key) }),
        (o) => ({ bucket: job.bucket, key: o.key }),
      );
    },
  },
};

export function actionOf(kind: StoredKind): JobAction {
  return ACTIONS[kind];
}
