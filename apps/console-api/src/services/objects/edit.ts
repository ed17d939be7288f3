import type { Client as S3Client } from 'minio';
import { LEGAL_HOLD_STATUS, RETENTION_MODES } from 'minio';
import { storageCall } from '../../clients/errors.js';
import { ApiError } from '../../http/errors.js';
import { latestPages, versionPages } from './list.js';
import { versionField, versionQuery } from './version.js';

// Changes to objects: deletions (one, a version, a folder, many), tags, retention, legal hold.

interface Target {
  Key: string;
  VersionId?: string;
}

const BATCH = 1000;

/** Every key under a folder (or every version of them), a page at a time. */
async function* keysUnder(s3: S3Client, bucket: string, prefix: string, allVersions: boolean) {
  if (allVersions) {
    for await (const items of versionPages(s3, bucket, prefix)) {
      yield items.map((o): Target => ({ Key: o.name, ...(o.version_id ? { VersionId: o.version_id } : {}) }));
    }
    return;
  }
  for await (const entries of latestPages(s3, bucket, prefix)) {
    yield entries.flatMap((o): Target[] => (o.name ? [{ Key: o.name }] : []));
  }
}

export interface DeleteOutcome {
  deleted: number;
  errors: { path: string; message: string }[];
}

async function removeBatch(s3: S3Client, bucket: string, targets: Target[], out: DeleteOutcome) {
  if (targets.length === 0) return;
  const results = await storageCall(
    s3.removeObjects(
      bucket,
      targets.map((t) => ({ name: t.Key, ...(t.VersionId ? { versionId: t.VersionId } : {}) })),
    ),
  );
  const failed = results.flatMap((r) => (r?.Error ? [r.Error] : []));
  out.deleted += targets.length - failed.length;
  for (const e of failed)
    out.errors.push({ path: e.Key ?? '', message: e.Message ?? e.Code ?? 'not deleted' });
}

/** Deletes one object (or one version), or everything under a folder when recursive. */
export async function deletePath(
  s3: S3Client,
  bucket: string,
  path: string,
  opts: {
    versionId?: string | undefined;
    recursive?: boolean | undefined;
    allVersions?: boolean | undefined;
  },
  out: DeleteOutcome = { deleted: 0, errors: [] },
): Promise<DeleteOutcome> {
  if (opts.recursive || path.endsWith('/')) {
    if (opts.versionId) throw new ApiError('badRequest', 'a folder has no version to delete');
    for await (const batch of keysUnder(s3, bucket, path, opts.allVersions ?? false)) {
      await removeBatch(s3, bucket, batch, out);
    }
    return out;
  }
  if (opts.allVersions) {
    for await (const batch of keysUnder(s3, bucket, path, true)) {
      await removeBatch(
        s3,
        bucket,
        batch.filter((t) => t.Key === path),
        out,
      );
    }
    return out;
  }
  await storageCall(s3.removeObject(bucket, path, versionQuery(opts.versionId)));
  out.deleted += 1;
  return out;
}

export async function deleteMany(
  s3: S3Client,
  bucket: string,
  items: { path: string; versionID?: string | undefined; recursive?: boolean | undefined }[],
): Promise<DeleteOutcome> {
  const out: DeleteOutcome = { deleted: 0, errors: [] };
  const single = items.filter((i) => !i.recursive && !i.path.endsWith('/'));
  for (let i = 0; i < single.length; i += BATCH) {
    const batch = single
      .slice(i, i + BATCH)
      .map((t): Target => ({ Key: t.path, ...(t.versionID ? { VersionId: t.versionID } : {}) }));
    await removeBatch(s3, bucket, batch, out);
  }
  for (const folder of items.filter((i) => i.recursive || i.path.endsWith('/'))) {
    await deletePath(s3, bucket, folder.path, { recursive: true }, out);
  }
  return out;
}

export async function putTags(
  s3: S3Client,
  bucket: string,
  key: string,
  versionId: string | undefined,
  tags: Record<string, string>,
): Promise<void> {
  const opts = versionField(versionId);
  if (Object.keys(tags).length === 0) await storageCall(s3.removeObjectTagging(bucket, key, opts));
  else await storageCall(s3.setObjectTagging(bucket, key, tags, opts));
}

export async function putRetention(
  s3: S3Client,
  bucket: string,
  key: string,
  versionId: string | undefined,
  req: { mode: 'governance' | 'compliance'; expires: string; governance_bypass?: boolean | undefined },
): Promise<void> {
  const until = new Date(req.expires);
  if (!(until.getTime() > Date.now())) {
    throw new ApiError(
      'badRequest',
      'body/expires must be in the future',
      'the retention date must be in the future',
    );
  }
  await storageCall(
    s3.putObjectRetention(bucket, key, {
      mode: req.mode === 'governance' ? RETENTION_MODES.GOVERNANCE : RETENTION_MODES.COMPLIANCE,
      retainUntilDate: until.toISOString(),
      governanceBypass: req.governance_bypass ?? false,
      ...versionField(versionId),
    }),
  );
}

/** Clears a governance retention; the server refuses this for compliance. */
export async function clearRetention(
  s3: S3Client,
  bucket: string,
  key: string,
  versionId: string | undefined,
): Promise<void> {
  await storageCall(
    s3.putObjectRetention(bucket, key, { governanceBypass: true, ...versionField(versionId) }),
  );
}

export async function putLegalHold(
  s3: S3Client,
  bucket: string,
  key: string,
  versionId: string | undefined,
  status: 'enabled' | 'disabled',
): Promise<void> {
  await storageCall(
    Promise.resolve(
      s3.setObjectLegalHold(bucket, key, {
        status: status === 'enabled' ? LEGAL_HOLD_STATUS.ENABLED : LEGAL_HOLD_STATUS.DISABLED,
        ...versionField(versionId),
      }),
    ),
  );
}
