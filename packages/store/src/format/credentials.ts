import { asFields, date, RecordFormatError, str, versionOf } from './record.js';

// Credential records: the generated root credentials and temporary (STS) credentials.
export const CREDENTIAL_VERSION = 1;

export interface RootCredentialRecord {
  v: typeof CREDENTIAL_VERSION;
  accessKey: string;
  secretKey: string;
}

export interface TempCredentialRecord {
  v: typeof CREDENTIAL_VERSION;
  accessKey: string;
  secretKey: string;
  sessionToken: string;
  parent: string;
  expiration: string;
  sessionPolicy?: string;
  /** Set for users of an external identity provider (the parent is then not an IAM user). */
  idp?: 'ldap' | 'openid';
  /** LDAP: the group DNs found at login, whose policy mappings apply too. */
  groups?: string[];
  /** OpenID: the policy names the token's claim gave. */
  policies?: string[];
  /** OpenID: the token's subject, which names the account (the parent is openid:<sub>:<iss>). */
  subject?: string;
  /** LDAP: the name the user logged in with (the group filter's %s when it is checked again). */
  username?: string;
}

const stringList = (v: unknown, kind: string, name: string): string[] => {
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw new RecordFormatError(`${kind}: "${name}" must be a list of strings`);
  return v as string[];
};

export function decodeRootCredentials(raw: unknown): RootCredentialRecord {
  const kind = 'root.json';
  const f = asFields(raw, kind);
  versionOf(f, 'v', kind, CREDENTIAL_VERSION);
  return { v: 1, accessKey: str(f, 'accessKey', kind), secretKey: str(f, 'secretKey', kind) };
}

export function decodeTempCredential(raw: unknown): TempCredentialRecord {
  const kind = 'temporary credential';
  const f = asFields(raw, kind);
  versionOf(f, 'v', kind, CREDENTIAL_VERSION);
  date(f, 'expiration', kind);
  const record: TempCredentialRecord = {
    v: 1,
    accessKey: str(f, 'accessKey', kind),
    secretKey: str(f, 'secretKey', kind),
    sessionToken: str(f, 'sessionToken', kind),
    parent: str(f, 'parent', kind),
    expiration: str(f, 'expiration', kind),
  };
  if (f.sessionPolicy !== undefined) record.sessionPolicy = str(f, 'sessionPolicy', kind);
  if (f.idp !== undefined) {
    const idp = str(f, 'idp', kind);
    if (idp !== 'ldap' && idp !== 'openid') throw new RecordFormatError(`${kind}: unknown idp "${idp}"`);
    record.idp = idp;
  }
  if (f.groups !== undefined) record.groups = stringList(f.groups, kind, 'groups');
  if (f.policies !== undefined) record.policies = stringList(f.policies, kind, 'policies');
  if (f.subject !== undefined) record.subject = str(f, 'subject', kind);
  if (f.username !== undefined) record.username = str(f, 'username', kind);
  return record;
}
