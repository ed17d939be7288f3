import { createHash } from 'node:crypto';
import { passThrough, readAll } from '../http/body.js';
import { header, noteSigner, type RequestContext } from '../http/context.js';
import type { Protocol } from '../http/server.js';
import type { CredentialStore } from '../iam/credentials.js';
import type { LdapConfig } from '../iam/ldap.js';
import type { OpenIdVerifier } from '../iam/openid.js';
import { verifyHeaderAuth } from '../s3/auth/signature-v4.js';
import { ApiError } from '../wire/errors.js';
import { xmlReply } from '../wire/reply.js';
import { el, elAttrs } from '../wire/xml-writer.js';
import { assumeRole, STS_NAMESPACE } from './assume-role.js';
import { assumeRoleWithLdap } from './ldap.js';
import type { LoginThrottle } from './login-throttle.js';
import { assumeRoleWithWebIdentity } from './openid.js';
import { assumeRoleAttempt, assumeRoleGuard } from './signer-guards.js';

const MAX_FORM_BYTES = 1024 * 1024;

/** STS is a form POST to '/' (madmin-protocol.md §4.1), routed before S3. */
export function isStsRequest(ctx: RequestContext): boolean {
  if (ctx.method !== 'POST' || ctx.rawPath !== '/') return false;
  const type = header(ctx.headers, 'content-type') ?? '';
  return (
    type.toLowerCase().startsWith('application/x-www-form-urlencoded') ||
    ctx.query.some(([k]) => k === 'Action')
  );
}

export interface StsDeps {
  credentials: CredentialStore;
  /** The region requests must name; undefined accepts any. */
  signingRegion?: string;
  /** identity_ldap as it was at start (changing it needs a restart, as in MinIO). */
  ldap?: LdapConfig;
  /** identity_openid as it was at start. */
  openid?: OpenIdVerifier;
  /** Failed logins (wrong LDAP passwords, AssumeRole signatures that do not match), held back. */
  throttle: LoginThrottle;
  /** The longest credentials an LDAP or OpenID login gets. */
  maxExternalDurationSeconds: number;
}

export function stsProtocol(deps: StsDeps): Protocol {
  // Signatures are counted per access key and address as verification checks them.
  const signers = assumeRoleGuard(deps.throttle);
  return {
    async handle(ctx) {
      const body = await readAll(
        passThrough(ctx.req),
        MAX_FORM_BYTES,
        new ApiError('InvalidRequest', 'Request body too large'),
      );
      const form = new URLSearchParams(body.toString('utf8'));
      for (const [k, v] of ctx.query) if (!form.has(k)) form.set(k, v);
      ctx.api = `sts.${form.get('Action') ?? 'Unknown'}`;
      const address = ctx.client;
      const authorization = header(ctx.headers, 'authorization');
      if (authorization === undefined) {
        const action = form.get('Action');
        const maxDurationSeconds = deps.maxExternalDurationSeconds;
        if (action === 'AssumeRoleWithLDAPIdentity')
          return xmlReply(
            await assumeRoleWithLdap(
              { credentials: deps.credentials, ldap: deps.ldap, throttle: deps.throttle, maxDurationSeconds },
              form,
              { id: ctx.requestId, address },
            ),
          );
        if (action === 'AssumeRoleWithWebIdentity')
          return xmlReply(
            await assumeRoleWithWebIdentity(deps.credentials, deps.openid, form, {
              id: ctx.requestId,
              maxDurationSeconds,
            }),
          );
        throw new ApiError('NotImplemented', `${action ?? 'This STS action'} is not implemented yet`);
      }
      // STS clients send no x-amz-content-sha256: the signed payload hash is the body's.
      const payloadHash = createHash('sha256').update(body).digest('hex');
      const sent = header(ctx.headers, 'x-amz-content-sha256');
      if (sent !== undefined && sent !== payloadHash) throw new ApiError('XAmzContentSHA256Mismatch');
      const auth = verifyHeaderAuth(ctx, {
        service: 'sts',
        ...(deps.signingRegion ? { region: deps.signingRegion } : {}),
        lookup: (ak) => deps.credentials.lookup(ak),
        now: new Date(),
        payloadHash,
        client: address,
        guard: signers,
      });
      deps.throttle.succeeded(assumeRoleAttempt(address, auth.identity.accessKey, auth.identity));
      noteSigner(ctx, auth.identity);
      return xmlReply(await assumeRole(deps.credentials, auth.identity, form, ctx.requestId));
    },
    errorReply(err, ctx) {
      return xmlReply(
        elAttrs(
          'ErrorResponse',
          { xmlns: STS_NAMESPACE },
          el(
            'Error',
            el('Type', err.status >= 500 ? 'Receiver' : 'Sender'),
            el('Code', err.code),
            el('Message', err.message),
          ),
          el('RequestId', ctx.requestId),
        ),
        err.status,
        err.context.headers,
      );
    },
  };
}
