import { decryptData, encryptData } from '@stowage/madmin';
import { evaluate, type RequestFacts } from '@stowage/policy';
import { readAll } from '../http/body.js';
import { header, type RequestContext } from '../http/context.js';
import type { CredentialStore, Identity } from '../iam/credentials.js';
import { type Rights, rightsOf } from '../iam/rights.js';
import type { IamStore } from '../iam/store.js';
import type { AuthResult } from '../s3/auth/common.js';
import { verifiedBody } from '../s3/auth/payload.js';
import { globalConditions } from '../s3/condition-keys.js';
import { ApiError } from '../wire/errors.js';
import type { Reply } from '../wire/reply.js';

// One admin request after authentication: who calls, what they may do, and the body in
// the two forms madmin sends (plain JSON, or encrypted with the caller's secret key).

/** MinIO's limit for configuration and credential bodies (madmin-protocol.md §1.6). */
export const MAX_ADMIN_BODY = 262_272;

export interface AdminCall {
  readonly identity: Identity;
  readonly credentials: CredentialStore;
  readonly iam: IamStore;
  /**
   * Refuses (AccessDenied) unless the caller's policies allow the admin action. With
   * `self`, the caller acts on its own user and is allowed unless a policy denies it; a
   * narrowed credential (see `narrowed`) never is: its policies must allow the action.
   */
  require(action: string, opts?: { self?: boolean }): void;
  /** The body as sent, up to `limit` bytes. */
  body(limit?: number): Promise<Buffer>;
  /** The body decrypted with the caller's secret key; it must carry Content-Length. */
  secretBody(limit?: number): Promise<Buffer>;
  /** A JSON reply encrypted with the caller's secret key (labelled JSON, as MinIO does). */
  sealed(value: unknown): Promise<Reply>;
  /** Text (configuration KV) encrypted with the caller's secret key. */
  sealedText(text: string): Promise<Reply>;
}

/**
 * A credential that may do less than its user: a service account (its own policy, or at
 * most its parent's), or a temporary one with a session policy. Acting "on itself" would
 * let it manage its user's access keys, its own among them, and so give itself the user's
 * rights back: it gets only what its policies allow.
 */
export const narrowed = (identity: Identity): boolean =>
  identity.kind === 'serviceAccount' || identity.sessionPolicy !== undefined;

export function adminCall(ctx: RequestContext, auth: AuthResult, credentials: CredentialStore): AdminCall {
  const { identity } = auth;
  const iam = credentials.iam;
  let rights: Rights | undefined;
  const body = (limit = MAX_ADMIN_BODY) =>
    readAll(verifiedBody(ctx, auth), limit, new ApiError('XMinioAdminConfigTooLarge'));
  return {
    identity,
    credentials,
    iam,
    require(action, opts = {}) {
      rights ??= rightsOf(iam, identity, credentials.rootAccessKey);
      const facts: RequestFacts = {
        action,
        principal: {
          type: 'user',
          arn: `arn:aws:iam:::user/${identity.parent}`,
          accessKey: identity.accessKey,
        },
        // The global keys, as on S3 requests (MinIO's admin keys are the same set): a
        // "TLS only" or time-bound Deny must find aws:SecureTransport and aws:EpochTime.
        conditions: globalConditions(ctx, identity, new Date()),
      };
      const self = opts.self === true && !narrowed(identity);
      const permits = (decision: string) => decision === 'allow' || (decision === 'none' && self);
      const own = rights.unlimited ? 'allow' : evaluate(rights.policies, facts);
      if (!permits(own) || !rights.limits.every((limit) => permits(evaluate([limit], facts))))
        throw new ApiError('AccessDenied');
    },
    body,
    async secretBody(limit = MAX_ADMIN_BODY) {
      if (header(ctx.headers, 'content-length') === undefined)
        throw new ApiError('XMinioAdminConfigTooLarge');
      const sealed = await body(limit);
      try {
        return await decryptData(identity.secretKey, sealed);
      } catch (err) {
        throw new ApiError(
          'XMinioAdminConfigBadJSON',
          `The request body could not be decrypted: ${(err as Error).message}`,
        );
      }
    },
    async sealed(value) {
      return this.sealedText(JSON.stringify(value));
    },
    async sealedText(text) {
      const bytes = await encryptData(identity.secretKey, Buffer.from(text));
      return {
        status: 200,
        body: { type: 'bytes', value: Buffer.from(bytes), contentType: 'application/json' },
      };
    },
  };
}

/** A JSON object from a body; anything else is XMinioAdminConfigBadJSON. */
export function jsonObject(body: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (err) {
    throw new ApiError(
      'XMinioAdminConfigBadJSON',
      `The request body is not valid JSON: ${(err as Error).message}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ApiError('XMinioAdminConfigBadJSON', 'The request body must be a JSON object');
  return value as Record<string, unknown>;
}

/** An optional string field; another type is XMinioAdminConfigBadJSON. */
export function optionalString(fields: Record<string, unknown>, name: string): string | undefined {
  const v = fields[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new ApiError('XMinioAdminConfigBadJSON', `"${name}" must be a string`);
  return v;
}

export function stringList(fields: Record<string, unknown>, name: string): string[] {
  const v = fields[name];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw new ApiError('XMinioAdminConfigBadJSON', `"${name}" must be a list of strings`);
  return v as string[];
}
