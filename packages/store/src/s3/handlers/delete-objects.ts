import { type BucketSettings, bucketSettings, versioningOf } from '../../engine/bucket-settings.js';
import { isCode } from '../../engine/errors.js';
import type { ObjectInfo } from '../../engine/object-layer.js';
import { fromDomainError } from '../../http/domain-errors.js';
import { ApiError } from '../../wire/errors.js';
import { type Reply, xmlReply } from '../../wire/reply.js';
import { listOf, objectOf, parseRequestXml, textOf } from '../../wire/xml-parse.js';
import { el, elAttrs, S3_NAMESPACE, type XmlElement } from '../../wire/xml-writer.js';
import { bucketPolicy, versioned } from '../authorize.js';
import type { S3Call, S3Deps } from '../call.js';
import { bypassRequested, guardVersionDelete } from '../request/object-lock.js';
import { readDocument } from './document-body.js';

const MAX_KEYS = 1000;
// 1000 keys of up to 1024 bytes, escaped, plus markup.
const MAX_BODY = 8 * 1024 * 1024;

interface Target {
  key: string;
  versionId?: string;
}

function parseTargets(body: Buffer): { quiet: boolean; targets: Target[] } {
  const doc = parseRequestXml(body, 'Delete');
  const quiet = (textOf(doc, 'Quiet') ?? 'false').toLowerCase() === 'true';
  const objects = listOf(doc.Object);
  if (objects.length === 0 || objects.length > MAX_KEYS) throw new ApiError('MalformedXML');
  const targets = objects.map((o) => {
    const obj = objectOf(o);
    const key = textOf(obj, 'Key');
    if (key === undefined) throw new ApiError('MalformedXML');
    const versionId = textOf(obj, 'VersionId');
    return versionId ? { key, versionId } : { key };
  });
  return { quiet, targets };
}

interface DeleteContext {
  settings: BucketSettings;
  bypass: boolean;
  now: Date;
}

async function deleteOne(
  deps: S3Deps,
  call: S3Call,
  bucket: string,
  t: Target,
  c: DeleteContext,
): Promise<XmlElement> {
  const version = t.versionId !== undefined ? el('VersionId', t.versionId) : null;
  try {
    // Judged as a DeleteObject of the same key and version would be: s3:versionid, and the
    // tags of the version named, are that version's.
    const target = { bucket, key: t.key, ...versioned(t) };
    await call.authorize({ action: t.versionId ? 's3:DeleteObjectVersion' : 's3:DeleteObject', ...target });
    if (c.bypass) await call.authorize({ action: 's3:BypassGovernanceRetention', ...target });
    if (t.versionId !== undefined) await deps.replication?.beforeVersionDelete(bucket, t.key, t.versionId);
    const result = await deps.layer.deleteObject(bucket, t.key, {
      versioning: versioningOf(c.settings, t.key),
      ...(t.versionId === undefined ? {} : { versionId: t.versionId }),
      ...(c.settings.objectLock
        ? { guard: (info: ObjectInfo) => guardVersionDelete(info, c.bypass, c.now) }
        : {}),
    });
    const marker =
      result.deleteMarker && t.versionId === undefined
        ? [el('DeleteMarker', true), el('DeleteMarkerVersionId', result.versionId ?? 'null')]
        : result.deleteMarker
          ? [el('DeleteMarker', true)]
          : [];
    return el('Deleted', el('Key', t.key), version, marker);
  } catch (thrown) {
    // MinIO answers a malformed version id in a batch as a version that does not exist.
    const err = isCode(thrown, 'InvalidVersionId') ? new ApiError('NoSuchVersion') : thrown;
    const api = err instanceof ApiError ? err : fromDomainError(err);
    if (!api) throw err;
    return el('Error', el('Key', t.key), version, el('Code', api.code), el('Message', api.message));
  }
}

export async function deleteObjects(deps: S3Deps, call: S3Call, bucket: string): Promise<Reply> {
  // Each key is authorised on its own, after the body is read; a missing bucket (NoSuchBucket,
  // to any caller, as S3 answers) or a caller nothing could allow (anonymous, no bucket
  // policy) is refused before the body is read.
  await deps.layer.getBucketInfo(bucket);
  if (!call.auth && !(await bucketPolicy(deps, bucket))) throw new ApiError('AccessDenied');
  const body = await readDocument(call, MAX_BODY, { integrityRequired: true });
  const { quiet, targets } = parseTargets(body);
  const c: DeleteContext = {
    settings: await bucketSettings(deps, bucket),
    bypass: bypassRequested(call.ctx.headers),
    now: new Date(),
  };
  // A few at a time: the engine batches their commits, and results keep request order.
  const results: XmlElement[] = new Array(targets.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(16, targets.length) }, async () => {
      while (next < targets.length) {
        const i = next++;
        results[i] = await deleteOne(deps, call, bucket, targets[i]!, c);
      }
    }),
  );
  const shown = results.filter((r) => !(quiet && r.name === 'Deleted'));
  return xmlReply(elAttrs('DeleteResult', { xmlns: S3_NAMESPACE }, shown));
}
