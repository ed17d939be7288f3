import type { CredentialStore } from '../iam/credentials.js';
import { type LdapConfig, LdapLoginError, ldapLogin } from '../iam/ldap.js';
import { policyNamesOf } from '../iam/rights.js';
import { ApiError } from '../wire/errors.js';
import { el, elAttrs, type XmlElement } from '../wire/xml-writer.js';
import { credentialsXml, duration, STS_NAMESPACE, STS_VERSION, sessionPolicy } from './assume-role.js';
import type { LoginAttempt, LoginThrottle } from './login-throttle.js';

// AssumeRoleWithLDAPIdentity (madmin-protocol.md §4.4): an unsigned form with the LDAP
// user name and password; temporary credentials whose rights are the policies mapped to
// the user's DN and to its groups' DNs.

export interface LdapLoginDeps {
  credentials: CredentialStore;
  ldap: LdapConfig | undefined;
  throttle: LoginThrottle;
  /** The longest DurationSeconds granted. */
  maxDurationSeconds: number;
}

/**
 * The name as throttling counts it: directories compare user names ignoring case and
 * surrounding or repeated spaces (caseIgnoreMatch), so "Ada", "ada" and " ada" are one.
 */
const countedName = (username: string): string =>
  `ldap:${username.trim().replace(/\s+/g, ' ').toLowerCase()}`;

export async function assumeRoleWithLdap(
  deps: LdapLoginDeps,
  form: URLSearchParams,
  request: { id: string; address: string },
): Promise<XmlElement> {
  const { credentials, ldap } = deps;
  if (form.get('Version') !== STS_VERSION)
    throw new ApiError('MissingParameter', `Version must be ${STS_VERSION}`);
  if (!ldap) throw new ApiError('InvalidParameterValue', 'LDAP is not configured (identity_ldap)');
  const username = form.get('LDAPUsername') ?? '';
  const password = form.get('LDAPPassword') ?? '';
  if (username === '' || password === '')
    throw new ApiError('MissingParameter', 'LDAPUsername and LDAPPassword are required');
  const policy = sessionPolicy(form.get('Policy'));
  const seconds = duration(form.get('DurationSeconds'), deps.maxDurationSeconds);
  const attempt: LoginAttempt = {
    action: 'AssumeRoleWithLDAPIdentity',
    address: request.address,
    user: username,
    name: countedName(username),
  };
  deps.throttle.admit(attempt);
  let login: { userDn: string; groups: string[] };
  try {
    login = await ldapLogin(ldap, username, password);
  } catch (err) {
    if (!(err instanceof LdapLoginError)) throw err;
    if (err.kind === 'unavailable') throw new ApiError('InternalError', err.message);
    deps.throttle.failed(attempt, err.message);
    // One answer for an unknown user, a wrong password and a disabled account (the log
    // says which): the answer must not tell which names exist.
    throw new ApiError('AccessDenied', 'The LDAP user name or password is wrong');
  }
  deps.throttle.succeeded(attempt);
  if (policyNamesOf(credentials.iam, login.userDn, login.groups).length === 0)
    throw new ApiError('AccessDenied', 'No policy is mapped to this LDAP user or to its groups');
  const record = await credentials.assumeRole({
    parent: login.userDn,
    durationSeconds: seconds,
    idp: 'ldap',
    groups: login.groups,
    username,
    ...(policy !== undefined ? { sessionPolicy: policy } : {}),
  });
  return elAttrs(
    'AssumeRoleWithLDAPIdentityResponse',
    { xmlns: STS_NAMESPACE },
    el('AssumeRoleWithLDAPIdentityResult', credentialsXml(record)),
    el('ResponseMetadata', el('RequestId', request.id)),
  );
}
