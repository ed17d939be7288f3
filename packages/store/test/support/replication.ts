import { createHash } from 'node:crypto';
import { HeadObjectCommand, PutBucketReplicationCommand, type S3Client } from '@aws-sdk/client-s3';
import { type BucketTarget, MadminClient } from '@stowage/madmin';
import { ROOT, type TestStore } from '@stowage/test-support/store/harness';
import { vi } from 'vitest';
import { remoteTarget } from './remote-target.js';

export interface ReplicationRuleOptions {
  prefix?: string;
  deleteMarkers?: boolean;
  /** MinIO's DeleteReplication: deletes of a version id. */
  deletes?: boolean;
  /** ExistingObjectReplication: what resync may send. */
  existing?: boolean;
  /** Only objects with all these tags. */
  tags?: { key: string; value: string }[];
}

/** A rule's filter: its prefix, and its tags (with a prefix, under And). */
function filter(rule: ReplicationRuleOptions): string {
  const prefix = `<Prefix>${rule.prefix ?? ''}</Prefix>`;
  if (!rule.tags?.length) return `<Filter>${prefix}</Filter>`;
  const tags = rule.tags.map((t) => `<Tag><Key>${t.key}</Key><Value>${t.value}</Value></Tag>`).join('');
  return `<Filter><And>${prefix}${tags}</And></Filter>`;
}

/**
 * `from`/`bucket` replicates to `to`/`target`: a remote target (root's keys) and one rule
 * for every key; the target's ARN.
 */
export async function replicateBucket(
  from: { url: string; s3: S3Client },
  bucket: string,
  to: TestStore,
  target: string,
  rule: ReplicationRuleOptions = {},
  overrides: Partial<BucketTarget> = {},
): Promise<string> {
  const admin = new MadminClient({ endpoint: from.url, credentials: ROOT });
  const arn = await admin.remoteTargets.set(bucket, remoteTarget(to, bucket, target, overrides));
  const status = (on: boolean | undefined) => `<Status>${on ? 'Enabled' : 'Disabled'}</Status>`;
  // DeleteReplication is MinIO's extension: the SDK has no field for it, so the XML is sent raw.
  const xml =
    '<ReplicationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Role></Role><Rule>' +
    `<ID>r1</ID><Status>Enabled</Status><Priority>1</Priority>${filter(rule)}` +
    `<DeleteMarkerReplication>${status(rule.deleteMarkers)}</DeleteMarkerReplication>` +
    `<DeleteReplication>${status(rule.deletes)}</DeleteReplication>` +
    `<ExistingObjectReplication>${status(rule.existing)}</ExistingObjectReplication>` +
    `<Destination><Bucket>${arn}</Bucket></Destination></Rule></ReplicationConfiguration>`;
  const cmd = new PutBucketReplicationCommand({
    Bucket: bucket,
    ReplicationConfiguration: { Role: '', Rules: [] },
  });
  cmd.middlewareStack.add(
    (next) => async (args) => {
      const req = args.request as { body: string; headers: Record<string, string> };
      req.body = xml;
      delete req.headers['Content-MD5'];
      req.headers['content-md5'] = createHash('md5').update(xml).digest('base64');
      req.headers['content-length'] = String(Buffer.byteLength(xml));
      return next(args);
    },
    { step: 'build', name: 'rawReplicationXml' },
  );
  await from.s3.send(cmd);
  return arn;
}

/** Polls `probe` until `ok` (a deadline, a minute by default, never a timing assert). */
export async function eventually<T>(
  probe: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  let last: T | undefined;
  let lastErr: unknown;
  return vi
    .waitFor(
      async () => {
        try {
          last = await probe();
        } catch (err) {
          lastErr = err;
          throw err;
        }
        if (!ok(last)) throw new Error('not yet');
        return last;
      },
      { timeout: timeoutMs, interval: 100 },
    )
    .catch(() => {
      throw new Error(`${what}: never happened (last ${JSON.stringify(last)} ${String(lastErr ?? '')})`);
    });
}

export const head = (t: TestStore, Bucket: string, Key: string, VersionId?: string) =>
  t.s3.send(new HeadObjectCommand({ Bucket, Key, ...(VersionId ? { VersionId } : {}) }));

/** The version's x-amz-replication-status, once it is `status`. */
export const statusBecomes = (t: TestStore, Bucket: string, Key: string, status: string) =>
  eventually(
    () => head(t, Bucket, Key),
    (h) => h.ReplicationStatus === status,
    `${Bucket}/${Key} ${status}`,
  );
