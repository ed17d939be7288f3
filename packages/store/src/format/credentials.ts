import { asFields, date, str, versionOf } from './record.js';

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
}

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
  return record;
}
