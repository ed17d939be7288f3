import { assertSupportedConditionKeys, PolicyError, parsePolicy } from '@stowage/policy';
import type { TempCredentialRecord } from '../format/credentials.js';
import type { CredentialStore, Identity } from '../iam/credentials.js';
import { ApiError } from '../wire/errors.js';
import { el, elAttrs, type XmlElement } from '../wire/xml-writer.js';

export const STS_NAMESPACE = 'https://sts.amazonaws.com/doc/2011-06-15/';
export const STS_VERSION = '2011-06-15';
const MIN_DURATION = 900;
const MAX_DURATION = 31_536_000;
const DEFAULT_DURATION = 3600;
const MAX_SESSION_POLICY = 2048;

/** RFC 3339 without fractional seconds, as AWS and MinIO print Expiration. */
/** The Credentials element every AssumeRole* answer carries. */
export const credentialsXml = (record: TempCredentialRecord): XmlElement =>
  el(
    'Credentials',
    el('AccessKeyId', record.accessKey),
    el('SecretAccessKey', record.secretKey),
    el('SessionToken', record.sessionToken),
    el('Expiration', rfc3339(new Date(record.expiration))),
  );

export const rfc3339 = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * DurationSeconds, 900 up to `max` (a year for AssumeRole, as MinIO has it; the configured
 * STOWAGE_STS_MAX_DURATION for directory and OpenID logins). A longer one is refused with
 * InvalidParameterValue, as MinIO refuses a duration out of its range, never shortened.
 */
export function duration(raw: string | null, max = MAX_DURATION): number {
  if (raw === null || raw === '') return Math.min(DEFAULT_DURATION, max);
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(n >= MIN_DURATION && n <= max)) {
    throw new ApiError(
      'InvalidParameterValue',
      `DurationSeconds must be between ${MIN_DURATION} and ${max} seconds`,
    );
  }
  return n;
}

export function sessionPolicy(raw: string | null): string | undefined {
  if (raw === null || raw === '') return undefined;
  if (raw.length > MAX_SESSION_POLICY) {
    throw new ApiError('InvalidParameterValue', `Policy must be at most ${MAX_SESSION_POLICY} characters`);
  }
  // Checked as any identity policy is: one the store could not apply would fail every
  // request made with the credentials.
  try {
    assertSupportedConditionKeys(parsePolicy(raw, { kind: 'identity' }));
  } catch (err) {
    if (err instanceof PolicyError) throw new ApiError('InvalidParameterValue', err.message);
    throw err;
  }
  return raw;
}

/** AssumeRole for an authenticated caller: new temporary credentials derived from its user. */
export async function assumeRole(
  credentials: CredentialStore,
  caller: Identity,
  form: URLSearchParams,
  requestId: string,
): Promise<XmlElement> {
  if (form.get('Version') !== STS_VERSION) {
    throw new ApiError('MissingParameter', `Version must be ${STS_VERSION}`);
  }
  if (form.get('Action') !== 'AssumeRole') {
    throw new ApiError('InvalidParameterValue', `Unsupported action ${form.get('Action') ?? ''}`);
  }
  // Only long-term user credentials may assume a role (MinIO): not temporary ones, not
  // service accounts.
  if (caller.kind !== 'root' && caller.kind !== 'user') {
    throw new ApiError('AccessDenied', 'AssumeRole is only allowed with user credentials');
  }
  const policy = sessionPolicy(form.get('Policy'));
  const record = await credentials.assumeRole({
    parent: caller.parent,
    durationSeconds: duration(form.get('DurationSeconds')),
    ...(policy !== undefined ? { sessionPolicy: policy } : {}),
  });
  return elAttrs(
    'AssumeRoleResponse',
    { xmlns: STS_NAMESPACE },
    el(
      'AssumeRoleResult',
      el('AssumedRoleUser', el('Arn', ''), el('AssumeRoleId', '')),
      credentialsXml(record),
    ),
    el('ResponseMetadata', el('RequestId', requestId)),
  );
}
