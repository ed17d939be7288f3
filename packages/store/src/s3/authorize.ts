import type { IncomingHttpHeaders } from 'node:http';
import { isAllowed, type Policy, PolicyError, parsePolicy, type RequestFacts } from '@stowage/policy';
import { BucketConfigStore } from '../engine/bucket-config-store.js';
import type { QueryPairs, RequestContext } from '../http/context.js';
import { fromDomainError } from '../http/domain-errors.js';
import type { Identity } from '../iam/credentials.js';
import { rightsAllow, rightsOf } from '../iam/rights.js';
import { ApiError } from '../wire/errors.js';
import type { S3Deps } from './call.js';
import {
  conditionalWriteConditions,
  globalConditions,
  headerConditions,
  listConditions,
} from './condition-keys.js';
import { policyText } from './config/policy.js';
import { storedTags } from './request/tagging.js';
import type { ConfigKind, S3Operation } from './router.js';

// Who may do what. A signed request acts for an identity, judged by its IAM rights
// together with the bucket's policy; an anonymous request is judged by the bucket's policy
// alone; AWS semantics throughout (explicit deny wins, conditions hold).

/** One access a request needs: an IAM action on a bucket or object. */
export interface Access {
  action: string;
  bucket?: string;
  key?: string;
  /** Request-specific condition keys (s3:prefix, s3:versionid, ...). */
  conditions?: Record<string, string[]>;
  /** The request makes the bucket: its absence is no answer to a refusal. */
  creates?: true;
}

const CONFIG_ACTIONS: Record<ConfigKind, { get: string; put: string; del: string }> = {
  versioning: { get: 's3:GetBucketVersioning', put: 's3:PutBucketVersioning', del: 's3:PutBucketVersioning' },
  tagging: { get: 's3:GetBucketTagging', put: 's3:PutBucketTagging', del: 's3:PutBucketTagging' },
  policy: { get: 's3:GetBucketPolicy', put: 's3:PutBucketPolicy', del: 's3:DeleteBucketPolicy' },
  'object-lock': {
    get: 's3:GetBucketObjectLockConfiguration',
    put: 's3:PutBucketObjectLockConfiguration',
    del: 's3:PutBucketObjectLockConfiguration',
  },
  encryption: {
    get: 's3:GetEncryptionConfiguration',
    put: 's3:PutEncryptionConfiguration',
    del: 's3:PutEncryptionConfiguration',
  },
  cors: { get: 's3:GetBucketCORS', put: 's3:PutBucketCORS', del: 's3:PutBucketCORS' },
  lifecycle: {
    get: 's3:GetLifecycleConfiguration',
    put: 's3:PutLifecycleConfiguration',
    del: 's3:PutLifecycleConfiguration',
  },
  notification: {
    get: 's3:GetBucketNotification',
    put: 's3:PutBucketNotification',
    del: 's3:PutBucketNotification',
  },
  replication: {
    get: 's3:GetReplicationConfiguration',
    put: 's3:PutReplicationConfiguration',
    del: 's3:PutReplicationConfiguration',
  },
};

const VERSION_TAGGING_ACTIONS = {
  get: 's3:GetObjectVersionTagging',
  put: 's3:PutObjectVersionTagging',
  del: 's3:DeleteObjectVersionTagging',
} as const;

const OBJECT_CONFIG_ACTIONS = {
  tagging: { get: 's3:GetObjectTagging', put: 's3:PutObjectTagging', del: 's3:DeleteObjectTagging' },
  retention: { get: 's3:GetObjectRetention', put: 's3:PutObjectRetention', del: 's3:PutObjectRetention' },
  'legal-hold': { get: 's3:GetObjectLegalHold', put: 's3:PutObjectLegalHold', del: 's3:PutObjectLegalHold' },
} as const;

export const versioned = (op: { versionId?: string }) =>
  op.versionId === undefined ? {} : { conditions: { 's3:versionid': [op.versionId] } };

/**
 * What a new object's request headers set besides its bytes, each an action of its own
 * (S3 asks for s3:PutObjectTagging when a PUT carries tags, and so on).
 */
function writeExtras(headers: IncomingHttpHeaders, bucket: string, key: string): Access[] {
  const out: Access[] = [];
  if (headers['x-amz-tagging'] !== undefined) out.push({ action: 's3:PutObjectTagging', bucket, key });
  if (
    headers['x-amz-object-lock-mode'] !== undefined ||
    headers['x-amz-object-lock-retain-until-date'] !== undefined
  )
    out.push({ action: 's3:PutObjectRetention', bucket, key });
  if (headers['x-amz-object-lock-legal-hold'] !== undefined)
    out.push({ action: 's3:PutObjectLegalHold', bucket, key });
  return out;
}

/**
 * The accesses an operation needs before it runs (a copy's source and each key of a
 * DeleteObjects are checked by their handlers). Empty: nothing to check (preflight).
 */
export function accessesOf(
  op: S3Operation,
  headers: IncomingHttpHeaders = {},
  query: QueryPairs = [],
): Access[] {
  const one = (action: string, extra: Omit<Access, 'action'> = {}): Access[] => [{ action, ...extra }];
  switch (op.op) {
    // A listing of uploads carries its s3:prefix (MinIO fills every query parameter), which
    // the policies `mc anonymous set upload` writes rely on.
    case 'ListMultipartUploads':
      return one('s3:ListBucketMultipartUploads', { bucket: op.bucket, conditions: listConditions(query) });
    // MinIO asks for the right to read the replication configuration.
    case 'GetBucketReplicationMetrics':
    case 'GetBucketReplicationResetStatus':
      return one('s3:GetReplicationConfiguration', { bucket: op.bucket });
    case 'ResetBucketReplicationStart':
      return one('s3:ResetBucketReplicationState', { bucket: op.bucket });
    case 'CreateBucket':
    case 'GetBucketLocation':
    case 'GetBucketPolicyStatus': {
      const action = {
        CreateBucket: 's3:CreateBucket',
        GetBucketLocation: 's3:GetBucketLocation',
        GetBucketPolicyStatus: 's3:GetBucketPolicyStatus',
      }[op.op];
      // A bucket made with object lock is made locked and versioned: the caller needs the
      // rights to both settings too (AWS's CreateBucket, and MinIO).
      if (op.op === 'CreateBucket' && op.objectLock)
        return ['s3:CreateBucket', 's3:PutBucketObjectLockConfiguration', 's3:PutBucketVersioning'].map(
          (a) => ({ action: a, bucket: op.bucket, creates: true }),
        );
      return one(action, { bucket: op.bucket, ...(op.op === 'CreateBucket' ? { creates: true } : {}) });
    }
    case 'HeadBucket':
      return one('s3:ListBucket', { bucket: op.bucket });
    // MinIO's actions for its ACL calls: a bucket's ACL stands beside its policy.
    case 'GetBucketAcl':
      return one('s3:GetBucketPolicy', { bucket: op.bucket });
    case 'PutBucketAcl':
      return one('s3:PutBucketPolicy', { bucket: op.bucket });
    case 'GetObjectAttributes':
      return one(op.versionId ? 's3:GetObjectVersionAttributes' : 's3:GetObjectAttributes', {
        bucket: op.bucket,
        key: op.key,
        ...versioned(op),
      });
    case 'GetObjectAcl':
      return one(op.versionId ? 's3:GetObjectVersion' : 's3:GetObject', {
        bucket: op.bucket,
        key: op.key,
        ...versioned(op),
      });
    case 'PutObjectAcl':
      return one('s3:PutObject', { bucket: op.bucket, key: op.key });
    case 'DeleteBucket': {
      const del = one('s3:DeleteBucket', { bucket: op.bucket });
      // MinIO asks for s3:ForceDeleteBucket whenever the header is sent, true or not.
      return headers['x-minio-force-delete'] === undefined
        ? del
        : [...del, { action: 's3:ForceDeleteBucket', bucket: op.bucket }];
    }
    case 'ListObjects':
    case 'ListObjectsV2':
    case 'ListObjectVersions':
      return one(op.op === 'ListObjectVersions' ? 's3:ListBucketVersions' : 's3:ListBucket', {
        bucket: op.bucket,
        conditions: listConditions(query),
      });
    case 'GetBucketConfig':
      return one(CONFIG_ACTIONS[op.kind].get, { bucket: op.bucket });
    case 'PutBucketConfig':
      return one(CONFIG_ACTIONS[op.kind].put, { bucket: op.bucket });
    case 'DeleteBucketConfig':
      return one(CONFIG_ACTIONS[op.kind].del, { bucket: op.bucket });
    case 'ListenNotification':
      return op.bucket === undefined
        ? one('s3:ListenNotification')
        : one('s3:ListenBucketNotification', { bucket: op.bucket });
    case 'ListBuckets':
    case 'DeleteObjects':
    case 'CorsPreflight':
    case 'PostObject':
    case 'NotImplemented':
      return [];
    case 'PutObject':
    case 'CopyObject':
    case 'CreateMultipartUpload':
      return [
        {
          action: 's3:PutObject',
          bucket: op.bucket,
          key: op.key,
          ...(op.op === 'CreateMultipartUpload' ? {} : { conditions: conditionalWriteConditions(headers) }),
        },
        ...writeExtras(headers, op.bucket, op.key),
      ];
    case 'CompleteMultipartUpload':
      return one('s3:PutObject', {
        bucket: op.bucket,
        key: op.key,
        conditions: conditionalWriteConditions(headers),
      });
    case 'UploadPart':
    case 'UploadPartCopy':
      return one('s3:PutObject', { bucket: op.bucket, key: op.key });
    case 'AbortMultipartUpload':
      return one('s3:AbortMultipartUpload', { bucket: op.bucket, key: op.key });
    case 'ListParts':
      return one('s3:ListMultipartUploadParts', { bucket: op.bucket, key: op.key });
    case 'RestoreObject':
      return one('s3:RestoreObject', { bucket: op.bucket, key: op.key, ...versioned(op) });
    case 'GetObject':
    case 'HeadObject':
      return one(op.versionId ? 's3:GetObjectVersion' : 's3:GetObject', {
        bucket: op.bucket,
        key: op.key,
        ...versioned(op),
      });
    case 'DeleteObject':
      return [
        {
          action: op.versionId ? 's3:DeleteObjectVersion' : 's3:DeleteObject',
          bucket: op.bucket,
          key: op.key,
          ...versioned(op),
        },
        ...(op.bypassGovernance
          ? one('s3:BypassGovernanceRetention', { bucket: op.bucket, key: op.key })
          : []),
      ];
    case 'PutObjectConfig':
      // What the body sets (tags, retention, legal hold) are condition keys: judged once it is read.
      return [];
    case 'GetObjectConfig':
    case 'DeleteObjectConfig':
      return objectConfigAccesses(op);
  }
}

type ObjectConfigOp = Extract<
  S3Operation,
  { op: 'GetObjectConfig' | 'PutObjectConfig' | 'DeleteObjectConfig' }
>;

/**
 * A PutObjectTagging, PutObjectRetention or PutObjectLegalHold's accesses, with the condition
 * keys its body sets: the tags (s3:RequestObjectTag/...) or the s3:object-lock-* keys.
 */
export function putObjectConfigAccesses(op: ObjectConfigOp, set: Record<string, string[]>): Access[] {
  return objectConfigAccesses(op).map((access) => ({
    ...access,
    conditions: { ...access.conditions, ...set },
  }));
}

function objectConfigAccesses(op: ObjectConfigOp): Access[] {
  // Tags of one named version have actions of their own, as in S3.
  const actions =
    op.kind === 'tagging' && op.versionId !== undefined
      ? VERSION_TAGGING_ACTIONS
      : OBJECT_CONFIG_ACTIONS[op.kind];
  const verb = op.op === 'GetObjectConfig' ? 'get' : op.op === 'PutObjectConfig' ? 'put' : 'del';
  const access: Access = { action: actions[verb], bucket: op.bucket, key: op.key, ...versioned(op) };
  return op.bypassGovernance && op.kind === 'retention'
    ? [access, { action: 's3:BypassGovernanceRetention', bucket: op.bucket, key: op.key }]
    : [access];
}

const OWNER_ONLY = new Set(['s3:GetBucketPolicy', 's3:PutBucketPolicy', 's3:DeleteBucketPolicy']);

/** Bucket policies parsed once per text (a policy changes rarely, is read on every anonymous call). */
const parsed = new Map<string, Policy>();
export async function bucketPolicy(
  deps: Pick<S3Deps, 'system'>,
  bucket: string,
): Promise<Policy | undefined> {
  const stored = await new BucketConfigStore(deps.system).get(bucket, 'policy');
  if (stored === undefined) return undefined;
  const text = policyText(stored);
  let policy = parsed.get(text);
  if (!policy) {
    try {
      policy = parsePolicy(text, { kind: 'bucket', bucket });
    } catch (err) {
      if (err instanceof PolicyError) return undefined; // stored before a stricter check: grants nothing
      throw err;
    }
    if (parsed.size > 1000) parsed.clear();
    parsed.set(text, policy);
  }
  return policy;
}

/**
 * Whether the requester has an access: root everything; a signed request what its IAM
 * rights and the bucket policy allow together (AWS rules, session and embedded policies
 * narrowing); an anonymous request what the bucket policy grants.
 */
export async function may(
  deps: S3Deps,
  ctx: RequestContext,
  identity: Identity | undefined,
  access: Access,
): Promise<boolean> {
  const rights = identity
    ? rightsOf(deps.credentials.iam, identity, deps.credentials.rootAccessKey)
    : undefined;
  if (rights?.unlimited && rights.limits.length === 0) return true;
  if (!identity && access.bucket === undefined) return false;
  const policy = access.bucket === undefined ? undefined : await bucketPolicy(deps, access.bucket);
  if (!identity && !policy) return false;
  // Only the bucket owner's account manages the bucket policy, whatever the policy says.
  if (!identity && OWNER_ONLY.has(access.action)) return false;
  const now = new Date();
  const facts: RequestFacts = {
    action: access.action,
    principal: identity
      ? { type: 'user', arn: `arn:aws:iam:::user/${identity.parent}`, accessKey: identity.accessKey }
      : { type: 'anonymous' },
    conditions: {
      ...globalConditions(ctx, identity, now),
      ...headerConditions(ctx.headers, access.conditions, now),
      ...access.conditions,
    },
  };
  if (access.bucket !== undefined)
    facts.resource = `arn:aws:s3:::${access.bucket}${access.key === undefined ? '' : `/${access.key}`}`;
  const applying = [...(rights?.policies ?? []), ...(rights?.limits ?? []), ...(policy ? [policy] : [])];
  if (access.key !== undefined && applying.some(mentionsObjectTags))
    Object.assign(facts.conditions, await objectTagConditions(deps, access));
  if (!rights) return isAllowed({ identity: [], ...(policy ? { bucket: policy } : {}), facts });
  return rightsAllow(rights, facts, policy);
}

// s3:ExistingObjectTag/<key> needs the object's tags, a metadata read: made only when a
// policy that applies names such a key, and only for an object that exists.
const TAG_KEY = 's3:existingobjecttag/';
const namesTags = new WeakMap<Policy, boolean>();
function mentionsObjectTags(policy: Policy): boolean {
  let found = namesTags.get(policy);
  if (found === undefined) {
    found = policy.statements.some((st) =>
      st.conditions.some((c) => c.key.toLowerCase().startsWith(TAG_KEY)),
    );
    namesTags.set(policy, found);
  }
  return found;
}

async function objectTagConditions(deps: S3Deps, access: Access): Promise<Record<string, string[]>> {
  const versionId = access.conditions?.['s3:versionid']?.[0];
  const info = await deps.layer
    .getObjectInfo(access.bucket!, access.key!, versionId === undefined ? {} : { versionId })
    .catch(() => undefined);
  const out: Record<string, string[]> = {};
  for (const tag of storedTags(info?.tags ?? '')) out[`s3:ExistingObjectTag/${tag.key}`] = [tag.value];
  return out;
}

/**
 * Refuses an access the requester does not have: NoSuchBucket when its bucket does not exist
 * (S3 answers so whoever asks, anonymous callers too: bucket names are global, and a client
 * told AccessDenied about a deleted bucket retries or asks for rights in vain), NoSuchKey for
 * a read of a missing key the requester may list (nameMissingKey), else AccessDenied. Only a
 * refusal pays for the look-ups.
 */
export async function authorize(
  deps: S3Deps,
  ctx: RequestContext,
  identity: Identity | undefined,
  access: Access,
): Promise<void> {
  if (await may(deps, ctx, identity, access)) return;
  // Making a bucket needs it absent: the caller's want of that right is the answer.
  if (access.bucket !== undefined && !access.creates) await deps.layer.getBucketInfo(access.bucket);
  if (access.action === 's3:GetObject' && access.bucket !== undefined && access.key !== undefined)
    await nameMissingKey(deps, ctx, identity, { bucket: access.bucket, key: access.key });
  throw new ApiError('AccessDenied');
}

/**
 * A read of a key the caller may not read names the key missing when the caller may list it
 * (s3:ListBucket with s3:prefix = the key): the listing would show its absence anyway. AWS
 * answers so (s3-tests' head_object_404_with_policy_prefix); MinIO, for anonymous callers.
 * Throws NoSuchKey in that case; returns otherwise, for authorize to answer AccessDenied.
 */
async function nameMissingKey(
  deps: S3Deps,
  ctx: RequestContext,
  identity: Identity | undefined,
  target: { bucket: string; key: string },
): Promise<void> {
  const lister = {
    action: 's3:ListBucket',
    bucket: target.bucket,
    conditions: { 's3:prefix': [target.key] },
  };
  if (!(await may(deps, ctx, identity, lister))) return;
  const missing = await deps.layer.getObjectInfo(target.bucket, target.key, {}).then(
    () => false,
    (err: unknown) => fromDomainError(err)?.code === 'NoSuchKey',
  );
  if (missing) throw new ApiError('NoSuchKey');
}
