import type { CredentialStore } from '../iam/credentials.js';
import { type LdapConfig, LdapLoginError, ldapLogin } from '../iam/ldap.js';
import { policyNamesOf } from '../iam/rights.js';
import { ApiError } from '../s3/errors.js';
import { el, elAttrs, type XmlElement } from '../s3/xml/writer.js';
import { credentialsXml, duration, STS_NAMESPACE, STS_VERSION, sessionPolicy } from './assume-role.js';

// AssumeRoleWithLDAPIdentity (madmin-protocol.md §4.4): an unsigned form with the LDAP
// user name and password; temporary credentials whose rights are the policies mapped to
// the user's DN and to its groups' DNs.

export async function assumeRoleWithLdap(
  credentials: CredentialStore,
  ldap: LdapConfig | undefined,
  form: URLSearchParams,
  requestId: string,
): Promise<XmlElement> {
  if (form.get('Version') !== STS_VERSION)
    throw new ApiError('MissingParameter', `Version must be ${STS_VERSION}`);
  if (!ldap) throw new ApiError('InvalidParameterValue', 'LDAP is not configured (identity_ldap)');
  const username = form.get('LDAPUsername') ?? '';
  const password = form.get('LDAPPassword') ?? '';
  if (username === '' || password === '')
    throw new ApiError('MissingParameter', 'LDAPUsername and LDAPPassword are required');
  const policy = sessionPolicy(form.get('Policy'));
  const seconds = duration(form.get('DurationSeconds'));
  let login: { userDn: string; groups: string[] };
  try {
    login = await ldapLogin(ldap, username, password);
  } catch (err) {
    if (!(err instanceof LdapLoginError)) throw err;
    throw new ApiError(err.kind === 'denied' ? 'AccessDenied' : 'InternalError', err.message);
  }
  if (policyNamesOf(credentials.iam, login.userDn, login.groups).length === 0)
    throw new ApiError('AccessDenied', 'No policy is mapped to this LDAP user or to its groups');
  const record = await credentials.assumeRole({
    parent: login.userDn,
    durationSeconds: seconds,
    idp: 'ldap',
    groups: login.groups,
    ...(policy !== undefined ? { sessionPolicy: policy } : {}),
  });
  return elAttrs(
    'AssumeRoleWithLDAPIdentityResponse',
    { xmlns: STS_NAMESPACE },
    el('AssumeRoleWithLDAPIdentityResult', credentialsXml(record)),
    el('ResponseMetadata', el('RequestId', requestId)),
  );
}
