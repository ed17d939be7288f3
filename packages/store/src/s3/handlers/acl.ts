import { readAll } from '../../http/body.js';
import { header } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply, xmlReply } from '../../wire/reply.js';
import { listOf, objectOf, parseRequestXml, textOf } from '../../wire/xml-parse.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import type { S3Call, S3Deps } from '../call.js';
import { OWNER_ID } from './buckets.js';

// ACLs, as MinIO keeps them: none. Every bucket and object is private to its owner, and the
// ACL calls tools make (s3cmd info, SDKs that set "private") read and accept exactly that;
// any other grant is NotImplemented. Access itself is IAM and bucket policies.

const MAX_BODY = 64 * 1024;

interface AclTarget {
  bucket: string;
  key?: string;
  versionId?: string;
}

async function exists(deps: S3Deps, t: AclTarget): Promise<void> {
  if (t.key === undefined) await deps.layer.getBucketInfo(t.bucket);
  else
    await deps.layer.getObjectInfo(
      t.bucket,
      t.key,
      t.versionId === undefined ? {} : { versionId: t.versionId },
    );
}

const minio = () => [el('ID', OWNER_ID), el('DisplayName', 'minio')];

export async function getAcl(deps: S3Deps, t: AclTarget): Promise<Reply> {
  await exists(deps, t);
  return xmlReply(
    elAttrs(
      'AccessControlPolicy',
      { xmlns: S3_NAMESPACE },
      el('Owner', ...minio()),
      el(
        'AccessControlList',
        el(
          'Grant',
          elAttrs(
            'Grantee',
            { 'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance', 'xsi:type': 'CanonicalUser' },
            ...minio(),
          ),
          el('Permission', 'FULL_CONTROL'),
        ),
      ),
    ),
  );
}

/** Accepts `x-amz-acl: private`, or a document whose first grant is FULL_CONTROL (MinIO's rule). */
export async function putAcl(deps: S3Deps, call: S3Call, t: AclTarget): Promise<Reply> {
  await exists(deps, t);
  const canned = header(call.ctx.headers, 'x-amz-acl');
  if (canned !== undefined && canned !== '') {
    if (canned !== 'private')
      throw new ApiError('NotImplemented', 'Only the private canned ACL is supported');
    return emptyReply(200);
  }
  const body = await readAll(call.body(), MAX_BODY, new ApiError('MalformedACLError'));
  if (body.length === 0) throw new ApiError('MalformedACLError');
  const doc = parseRequestXml(body, 'AccessControlPolicy');
  const grants = listOf(objectOf(doc.AccessControlList).Grant);
  if (grants.length === 0 || textOf(objectOf(grants[0]), 'Permission') !== 'FULL_CONTROL')
    throw new ApiError('NotImplemented', 'Only a FULL_CONTROL grant to the owner is supported');
  return emptyReply(200);
}
