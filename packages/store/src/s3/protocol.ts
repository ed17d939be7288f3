import { assertCustomerKeySecure, SseHeaderError } from '../crypto/sse-headers.js';
import { header, isPrivateChannel, noteSigner, noteSubject, type RequestContext } from '../http/context.js';
import { fromDomainError } from '../http/domain-errors.js';
import type { Protocol } from '../http/server.js';
import { HOST_ID } from '../http/writer.js';
import { eventStream, streamReply } from '../observe/stream.js';
import { ApiError } from '../wire/errors.js';
import type { Reply } from '../wire/reply.js';
import { el, type XmlElement } from '../wire/xml-writer.js';
import { type AuthResult, parseAmzDate } from './auth/common.js';
import { verifiedBody, wholeVerifiedBody } from './auth/payload.js';
import { isPresigned, verifyPresigned } from './auth/presigned.js';
import {
  isPresignedV2,
  isSignatureV2Header,
  verifyHeaderV2,
  verifyPresignedV2,
} from './auth/signature-v2.js';
import { verifyHeaderAuth } from './auth/signature-v4.js';
import { accessesOf, authorize, may } from './authorize.js';
import type { S3Call, S3Deps } from './call.js';
import { noteSignature, type SignatureFacts } from './condition-keys.js';
import { corsPreflight, corsReplyHeaders } from './cors.js';
import { type BucketEvent, type EventProbe, eventMatches, eventRecord, publishEvents } from './events.js';
import * as acl from './handlers/acl.js';
import * as config from './handlers/bucket-config.js';
import * as buckets from './handlers/buckets.js';
import { copyObject } from './handlers/copy.js';
import { deleteObjects } from './handlers/delete-objects.js';
import * as list from './handlers/list.js';
import { listObjectVersions } from './handlers/list-versions.js';
import * as multipart from './handlers/multipart.js';
import { listMultipartUploads, listParts } from './handlers/multipart-list.js';
import { getObjectAttributes } from './handlers/object-attributes.js';
import * as objectConfig from './handlers/object-config.js';
import * as objects from './handlers/objects.js';
import { postObject } from './handlers/post-object.js';
import { readObject } from './handlers/read.js';
import { replicaMetadataCopy } from './handlers/replica-metadata.js';
import { replicationMetrics, resyncStatus, startResync } from './handlers/replication.js';
import { restoreObject } from './handlers/restore.js';
import { toApiError } from './object-io.js';
import { domainsFromEnv, hostBucket } from './request/address.js';
import { parseS3Request, type S3Operation } from './router.js';

export interface S3ProtocolDeps extends S3Deps {
  deploymentId: string;
  /** Domains served virtual-host style; default STOWAGE_DOMAIN/MINIO_DOMAIN. Path style always works. */
  domains?: readonly string[];
}

/**
 * The x-amz-* headers a presigned URL may carry in its query, as the AWS SDK's presigner
 * hoists them there: what a new object is (metadata, tags, class, lock, SSE-S3). Not the
 * framing of the body, a copy source, nor an SSE-C key (a secret does not belong in a URL).
 */
const HOISTABLE =
  /^x-amz-(meta-.+|tagging|storage-class|acl|grant-[a-z-]+|website-redirect-location|object-lock-(mode|retain-until-date|legal-hold)|server-side-encryption)$/;

/**
 * Those headers, signed with the query, count as the headers they stand for (S3 and MinIO
 * take them so); one sent as a header as well wins.
 */
function headersFromQuery(ctx: RequestContext): void {
  for (const [name, value] of ctx.query) {
    const lower = name.toLowerCase();
    if (HOISTABLE.test(lower) && ctx.headers[lower] === undefined) ctx.headers[lower] = value;
  }
}

/** Who signed the request; undefined when nobody did (anonymous, judged by bucket policy). */
function authenticate(ctx: RequestContext, deps: S3ProtocolDeps, resourcePath: () => string): S3Call['auth'] {
  const lookup = (accessKey: string) => deps.credentials.lookup(accessKey);
  const opts = {
    service: 's3' as const,
    region: deps.signingRegion,
    lookup,
    now: new Date(),
    client: ctx.client,
    guard: deps.signers,
  };
  let auth: AuthResult;
  let type: SignatureFacts['type'];
  // Signature V2 (MinIO accepts it; boto3 presigns with it by default) on S3 requests only.
  const v2 = isSignatureV2Header(ctx) || isPresignedV2(ctx);
  if (header(ctx.headers, 'authorization') !== undefined) {
    if (isPresigned(ctx) || isPresignedV2(ctx))
      throw new ApiError(
        'InvalidArgument',
        'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
      );
    // V4a (AWS4-ECDSA-P256-SHA256), bearer tokens and the like: a scheme, not a bad header.
    if (!v2 && !(header(ctx.headers, 'authorization') ?? '').startsWith('AWS4-HMAC-SHA256'))
      throw new ApiError(
        'InvalidRequest',
        'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
      );
    auth = v2 ? verifyHeaderV2(ctx, opts, resourcePath()) : verifyHeaderAuth(ctx, opts);
    type = 'REST-HEADER';
  } else if (isPresigned(ctx)) {
    auth = verifyPresigned(ctx, opts);
    type = 'REST-QUERY-STRING';
    headersFromQuery(ctx);
  } else if (isPresignedV2(ctx)) {
    auth = verifyPresignedV2(ctx, opts, resourcePath());
    type = 'REST-QUERY-STRING';
  } else return undefined;
  const signedAt = parseAmzDate(auth.amzDate);
  if (signedAt)
    noteSignature(ctx, {
      type,
      signedAt,
      payloadHash: auth.payloadHash,
      ...(v2 ? { version: 'AWS' as const } : {}),
    });
  return auth;
}

/** ListenBucketNotification: matching events as JSON lines, until the client goes. */
async function listen(
  deps: S3ProtocolDeps,
  op: Extract<S3Operation, { op: 'ListenNotification' }>,
): Promise<Reply> {
  if (op.bucket !== undefined) await deps.layer.getBucketInfo(op.bucket);
  const interest = (e: EventProbe) =>
    (op.bucket === undefined || e.bucket === op.bucket) &&
    op.events.some((pattern) => eventMatches(pattern, e.name));
  const wanted = (e: BucketEvent) =>
    interest({ name: e.name, bucket: e.bucket, replica: e.replica === true }) &&
    e.key.startsWith(op.prefix) &&
    e.key.endsWith(op.suffix);
  const render = (e: BucketEvent) =>
    wanted(e) ? { Records: [eventRecord(e, deps.region, deps.deploymentId)] } : undefined;
  return streamReply(eventStream(deps.events, render, [], interest));
}

function dispatch(deps: S3ProtocolDeps, call: S3Call, op: S3Operation): Promise<Reply> {
  switch (op.op) {
    case 'ListBuckets':
      return buckets.listBuckets(deps, call, op);
    case 'ListenNotification':
      return listen(deps, op);
    case 'CreateBucket':
      return buckets.createBucket(deps, call, op);
    case 'HeadBucket':
      return buckets.headBucket(deps, op.bucket);
    case 'DeleteBucket':
      return buckets.deleteBucket(deps, op);
    case 'GetBucketLocation':
      return buckets.getBucketLocation(deps, op.bucket);
    case 'ListObjectsV2':
      return list.listObjectsV2(deps, op);
    case 'ListObjects':
      return list.listObjectsV1(deps, op);
    case 'ListObjectVersions':
      return listObjectVersions(deps, op);
    case 'PutObject':
      return objects.putObject(deps, call, op);
    case 'GetObject':
    case 'HeadObject':
      return readObject(deps, op, call);
    case 'DeleteObject':
      return objects.deleteObject(deps, call, op);
    case 'RestoreObject':
      return restoreObject(deps, call, op);
    case 'GetObjectConfig':
      return objectConfig.getObjectConfig(deps, op);
    case 'PutObjectConfig':
      return objectConfig.putObjectConfig(deps, call, op);
    case 'DeleteObjectConfig':
      return objectConfig.deleteObjectConfig(deps, op);
    case 'GetBucketConfig':
      return config.getBucketConfig(deps, op);
    case 'PutBucketConfig':
      return config.putBucketConfig(deps, call, op);
    case 'DeleteBucketConfig':
      return config.deleteBucketConfig(deps, op);
    case 'GetBucketPolicyStatus':
      return config.getBucketPolicyStatus(deps, op.bucket);
    case 'GetBucketReplicationMetrics':
      return replicationMetrics(deps, op.bucket);
    case 'ResetBucketReplicationStart':
      return startResync(deps, op);
    case 'GetBucketReplicationResetStatus':
      return resyncStatus(deps, op);
    case 'GetBucketAcl':
    case 'GetObjectAcl':
      return acl.getAcl(deps, op);
    case 'GetObjectAttributes':
      return getObjectAttributes(deps, call, op);
    case 'PutBucketAcl':
    case 'PutObjectAcl':
      return acl.putAcl(deps, call, op);
    case 'DeleteObjects':
      return deleteObjects(deps, call, op.bucket);
    case 'CreateMultipartUpload':
      return multipart.createMultipartUpload(deps, call, op);
    case 'UploadPart':
      return multipart.uploadPart(deps, call, op);
    case 'UploadPartCopy':
      return multipart.uploadPartCopy(deps, call, op);
    case 'CompleteMultipartUpload':
      return multipart.completeMultipartUpload(deps, call, op);
    case 'AbortMultipartUpload':
      return multipart.abortMultipartUpload(deps, op);
    case 'ListParts':
      return listParts(deps, op);
    case 'ListMultipartUploads':
      return listMultipartUploads(deps, op);
    case 'CopyObject':
      // A replica's metadata-only re-send is a copy onto itself, applied in place.
      return replicaMetadataCopy(deps, call, op).then((r) => r ?? copyObject(deps, call, op));
    case 'CorsPreflight':
      return corsPreflight(deps, op.bucket, call.ctx.headers);
    case 'PostObject':
      throw new ApiError('NotImplemented', 'PostObject is answered before header authentication');
    case 'NotImplemented':
      throw new ApiError('NotImplemented', `${op.name} is not implemented yet`);
  }
}

/** S3 error document: <Error><Code/><Message/><Key/><BucketName/><Resource/><RequestId/><HostId/></Error>. */
export function s3ErrorDocument(err: ApiError, ctx: RequestContext, hostId: string): XmlElement {
  return el(
    'Error',
    el('Code', err.code),
    el('Message', err.message),
    err.context.key !== undefined ? el('Key', err.context.key) : null,
    err.context.bucket !== undefined ? el('BucketName', err.context.bucket) : null,
    el('Resource', ctx.path ?? ctx.rawPath),
    el('RequestId', ctx.requestId),
    el('HostId', hostId),
  );
}

const bucketOf = (op: S3Operation): string | undefined =>
  'bucket' in op && op.bucket !== '' ? op.bucket : undefined;

/**
 * An error answered to a browser carries the bucket's CORS headers too: without them the
 * page cannot read why its request failed.
 */
async function withCors(deps: S3Deps, op: S3Operation, ctx: RequestContext, err: unknown): Promise<unknown> {
  const api = err instanceof ApiError ? err : fromDomainError(err);
  if (!api || ctx.headers.origin === undefined) return err;
  const cors = await corsReplyHeaders(deps, bucketOf(op), ctx.method, ctx.headers).catch(() => ({}));
  api.context.headers = { ...api.context.headers, ...cors };
  return api;
}

/** Customer keys only over TLS or loopback, for every request (see assertCustomerKeySecure). */
function assertSseChannel(ctx: RequestContext): void {
  try {
    assertCustomerKeySecure(ctx.headers, isPrivateChannel(ctx));
  } catch (err) {
    throw err instanceof SseHeaderError ? toApiError(err) : err;
  }
}

/** Runs a handler, naming the operation's bucket and key in any S3 error it raises. */
async function withContext<T>(op: S3Operation, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const api = err instanceof ApiError ? err : fromDomainError(err);
    if (!api) throw err;
    if ('bucket' in op && api.context.bucket === undefined) {
      api.context.bucket = op.bucket;
      if ('key' in op && op.key !== undefined) api.context.key = op.key;
    }
    throw api;
  }
}

/**
 * A store with a region names it on every answer, errors included, as MinIO does
 * (setCommonHeaders): SDKs read X-Amz-Bucket-Region to find where a bucket lives.
 */
function namingRegion(protocol: Protocol, region: string): Protocol {
  const named = (reply: Reply): Reply => ({
    ...reply,
    headers: { ...reply.headers, 'X-Amz-Bucket-Region': region },
  });
  return {
    handle: async (ctx) => named(await protocol.handle(ctx)),
    errorReply: (err, ctx) => named(protocol.errorReply(err, ctx)),
  };
}

export function s3Protocol(deps: S3ProtocolDeps): Protocol {
  const protocol = s3Calls(deps);
  return deps.region ? namingRegion(protocol, deps.region) : protocol;
}

function s3Calls(deps: S3ProtocolDeps): Protocol {
  const domains = deps.domains ?? domainsFromEnv();
  return {
    async handle(ctx) {
      if (ctx.path === undefined) throw new ApiError('XMinioInvalidObjectName');
      const op = parseS3Request({
        method: ctx.method,
        path: ctx.path,
        query: ctx.query,
        headers: ctx.headers,
        host: ctx.host,
        ...(domains ? { domains } : {}),
      });
      ctx.api = `s3.${op.op}`;
      if (domains && domains.length > 0 && hostBucket(ctx.host, domains) !== undefined)
        ctx.virtualHost = true;
      noteSubject(ctx, 'bucket' in op ? op.bucket : undefined, 'key' in op ? op.key : undefined);
      // Browsers send preflight without credentials; the bucket's CORS rules decide.
      if (op.op === 'CorsPreflight')
        return withContext(op, () => corsPreflight(deps, op.bucket, ctx.headers));
      let reply: Reply;
      try {
        if (op.op === 'PostObject') {
          // Form uploads carry their credentials in the form, not in headers.
          const stored = await withContext(op, () => postObject(deps, ctx, op.bucket));
          reply = stored.reply;
          publishEvents(deps.events, op, reply, ctx, stored.principal, stored.posted);
        } else {
          assertSseChannel(ctx);
          // What a Signature V2 signs as its resource: the bucket's path, even virtual-host
          // style. Worked out only for such a request (the router read the host already).
          const auth = authenticate(ctx, deps, () => {
            const vhost = hostBucket(ctx.host, domains);
            return vhost === undefined ? ctx.rawPath : `/${vhost}${ctx.rawPath}`;
          });
          if (auth) auth.identity = await deps.credentials.vouch(auth.identity);
          noteSigner(ctx, auth?.identity);
          let body: ReturnType<S3Call['body']> | undefined;
          const bodyOptions = { checksumsDescribeObject: op.op === 'CompleteMultipartUpload' };
          let whole: ReturnType<S3Call['wholeBody']>;
          const call: S3Call = {
            ctx,
            auth,
            authorize: (access) => authorize(deps, ctx, auth?.identity, access),
            may: (access) => may(deps, ctx, auth?.identity, access),
            body: () => (body ??= verifiedBody(ctx, auth, bodyOptions)),
            wholeBody: () => {
              if (!body) whole ??= wholeVerifiedBody(ctx, auth, bodyOptions);
              return body ? undefined : whole;
            },
          };
          reply = await withContext(op, async () => {
            // Anonymous requests get no further than what a bucket policy grants; a missing
            // bucket is named first, as for every other call (authorize).
            if (!auth && op.op === 'NotImplemented') {
              if (op.bucket !== undefined) await deps.layer.getBucketInfo(op.bucket);
              throw new ApiError('AccessDenied');
            }
            for (const access of accessesOf(op, ctx.headers, ctx.query)) await call.authorize(access);
            return dispatch(deps, call, op);
          });
          publishEvents(deps.events, op, reply, ctx, auth?.identity.parent ?? '');
        }
      } catch (err) {
        throw await withCors(deps, op, ctx, err);
      }
      if (ctx.headers.origin === undefined) return reply;
      const cors = await corsReplyHeaders(deps, bucketOf(op), ctx.method, ctx.headers);
      return Object.keys(cors).length === 0 ? reply : { ...reply, headers: { ...reply.headers, ...cors } };
    },
    errorReply(err, ctx) {
      // A HEAD answer has no body: MinIO's clients read its error from these headers.
      const head =
        ctx.method === 'HEAD'
          ? { 'x-minio-error-code': err.code, 'x-minio-error-desc': `"${err.message}"` }
          : undefined;
      const headers = head || err.context.headers ? { ...err.context.headers, ...head } : undefined;
      return {
        status: err.status,
        ...(headers ? { headers } : {}),
        // HostId as X-Amz-Id-2 names it (MinIO writes the same value in both).
        body: { type: 'xml', value: s3ErrorDocument(err, ctx, HOST_ID) },
      };
    },
  };
}
