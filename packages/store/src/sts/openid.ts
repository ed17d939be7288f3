import type { CredentialStore } from '../iam/credentials.js';
import { OpenIdError, type OpenIdVerifier } from '../iam/openid.js';
import { ApiError } from '../wire/errors.js';
import { el, elAttrs, type XmlElement } from '../wire/xml-writer.js';
import { credentialsXml, duration, STS_NAMESPACE, STS_VERSION, sessionPolicy } from './assume-role.js';

// AssumeRoleWithWebIdentity (madmin-protocol.md §4.4): an unsigned form carrying an OpenID
// token; temporary credentials with the policies the token's claim names.

export async function assumeRoleWithWebIdentity(
  credentials: CredentialStore,
  openid: OpenIdVerifier | undefined,
  form: URLSearchParams,
  request: { id: string; maxDurationSeconds: number },
): Promise<XmlElement> {
  if (form.get('Version') !== STS_VERSION)
    throw new ApiError('MissingParameter', `Version must be ${STS_VERSION}`);
  if (!openid) throw new ApiError('InvalidParameterValue', 'OpenID is not configured (identity_openid)');
  const token = form.get('WebIdentityToken') ?? form.get('Token') ?? '';
  if (token === '') throw new ApiError('MissingParameter', 'WebIdentityToken is required');
  const policy = sessionPolicy(form.get('Policy'));
  const seconds = duration(form.get('DurationSeconds'), request.maxDurationSeconds);
  let claims: Record<string, unknown>;
  try {
    claims = await openid.verify(token);
  } catch (err) {
    if (!(err instanceof OpenIdError)) throw err;
    throw new ApiError(err.kind === 'invalid' ? 'AccessDenied' : 'InternalError', err.message);
  }
  const policies = openid.policiesOf(claims).filter((name) => credentials.iam.hasPolicy(name));
  if (policies.length === 0)
    throw new ApiError('AccessDenied', 'The token names no policy defined on this server');
  const subject = String(claims.sub);
  const record = await credentials.assumeRole({
    // Never a bare subject: a token whose sub is an IAM user's name (or the root key) must
    // not act as that user. Subject and issuer together are the stable identity (OpenID
    // Connect's claim stability), as MinIO names its parent user.
    parent: `openid:${subject}:${String(claims.iss ?? '')}`,
    subject,
    durationSeconds: seconds,
    idp: 'openid',
    policies,
    ...(policy !== undefined ? { sessionPolicy: policy } : {}),
  });
  return elAttrs(
    'AssumeRoleWithWebIdentityResponse',
    { xmlns: STS_NAMESPACE },
    el(
      'AssumeRoleWithWebIdentityResult',
      el('AssumedRoleUser', el('Arn', ''), el('AssumeRoleId', '')),
      credentialsXml(record),
      el('SubjectFromWebIdentityToken', subject),
    ),
    el('ResponseMetadata', el('RequestId', request.id)),
  );
}
