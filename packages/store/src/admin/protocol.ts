import type { ObjectLayer } from '../engine/object-layer.js';
import type { SystemStore } from '../engine/system-store.js';
import { readAll } from '../http/body.js';
import { header, type RequestContext } from '../http/context.js';
import { jsonReply, type Reply } from '../http/reply.js';
import type { Protocol } from '../http/server.js';
import type { CredentialLookup } from '../s3/auth/common.js';
import { verifiedBody } from '../s3/auth/payload.js';
import { verifyHeaderAuth } from '../s3/auth/signature-v4.js';
import { ApiError } from '../s3/errors.js';
import { accountInfo } from './handlers/account.js';
import { getBucketQuota, setBucketQuota } from './handlers/quota.js';

const MAX_QUOTA_BODY = 4096;

import { parseAdminRequest } from './router.js';

export interface AdminDeps {
  layer: ObjectLayer;
  system: SystemStore;
  lookup: CredentialLookup;
  deploymentId: string;
}

/** Admin JSON error (madmin-protocol.md §1.6); HostId is the deployment id. */
export function adminErrorReply(err: ApiError, ctx: RequestContext, deploymentId: string): Reply {
  return jsonReply(
    {
      Code: err.code,
      Message: err.message,
      Resource: ctx.path ?? ctx.rawPath,
      RequestId: ctx.requestId,
      HostId: deploymentId,
    },
    err.status,
  );
}

function authenticate(ctx: RequestContext, deps: AdminDeps) {
  // Admin calls must be header-signed and carry x-amz-content-sha256 (§1.4); any region.
  if (
    header(ctx.headers, 'authorization') === undefined ||
    header(ctx.headers, 'x-amz-content-sha256') === undefined
  ) {
    throw new ApiError('AccessDenied');
  }
  return verifyHeaderAuth(ctx, { service: 's3', lookup: deps.lookup, now: new Date() });
}

export function adminProtocol(deps: AdminDeps): Protocol {
  return {
    async handle(ctx) {
      const op = ctx.path === undefined ? undefined : parseAdminRequest(ctx.method, ctx.path, ctx.query);
      if (!op) throw new ApiError('XMinioAdminVersionMismatch');
      const auth = authenticate(ctx, deps);
      switch (op.op) {
        case 'AccountInfo':
          return jsonReply(await accountInfo(deps.layer, auth.identity, ctx.host));
        case 'GetBucketQuota':
          return getBucketQuota(deps.layer, deps.system, op.bucket);
        case 'SetBucketQuota': {
          const body = await readAll(
            verifiedBody(ctx, auth),
            MAX_QUOTA_BODY,
            new ApiError('InvalidArgument', 'The quota document is too large'),
          );
          return setBucketQuota(deps.layer, deps.system, op.bucket, body);
        }
      }
    },
    errorReply: (err, ctx) => adminErrorReply(err, ctx, deps.deploymentId),
  };
}

/** /minio/health/*: anonymous liveness probes; /minio/kms/*: no KMS configured (§3.9). */
export function minioMiscProtocol(deploymentId: string): Protocol {
  return {
    async handle(ctx) {
      if (ctx.rawPath.startsWith('/minio/health/') && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
        return { status: 200 };
      }
      if (ctx.rawPath.startsWith('/minio/kms/'))
        throw new ApiError('NotImplemented', 'KMS is not configured');
      throw new ApiError('XMinioAdminVersionMismatch');
    },
    errorReply: (err, ctx) => adminErrorReply(err, ctx, deploymentId),
  };
}
