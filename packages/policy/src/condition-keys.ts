import { PolicyError } from './errors.js';
import type { Policy } from './types.js';

// The condition keys a policy may name: those of MinIO's list (minio/pkg policy/condition
// keyname.go) that the store fills in for a request, and the request headers AWS defines as
// PutObject keys beside them (the x-amz-grant-* headers, x-amz-website-redirect-location,
// s3:if-match and s3:if-none-match).
// Any other key is refused when the policy is stored: evaluation would never find it, so a
// Deny it guards would silently never apply. (MinIO's list also has s3:LocationConstraint,
// the OpenID claims besides jwt:sub and sts:/svc:DurationSeconds, which nothing here
// supplies yet.)

export const CONDITION_KEYS: readonly string[] = [
  's3:signatureversion',
  's3:authType',
  's3:signatureAge',
  's3:x-amz-copy-source',
  's3:x-amz-server-side-encryption',
  's3:x-amz-server-side-encryption-customer-algorithm',
  's3:x-amz-metadata-directive',
  's3:x-amz-storage-class',
  's3:x-amz-server-side-encryption-aws-kms-key-id',
  's3:x-amz-content-sha256',
  's3:x-amz-acl',
  's3:x-amz-grant-full-control',
  's3:x-amz-grant-read',
  's3:x-amz-grant-read-acp',
  's3:x-amz-grant-write',
  's3:x-amz-grant-write-acp',
  's3:x-amz-website-redirect-location',
  's3:if-match',
  's3:if-none-match',
  's3:prefix',
  's3:delimiter',
  's3:max-keys',
  's3:versionid',
  's3:object-lock-mode',
  's3:object-lock-legal-hold',
  's3:object-lock-retain-until-date',
  's3:object-lock-remaining-retention-days',
  's3:RequestObjectTagKeys',
  'aws:Referer',
  'aws:SourceIp',
  'aws:UserAgent',
  'aws:SecureTransport',
  'aws:CurrentTime',
  'aws:EpochTime',
  'aws:principaltype',
  'aws:userid',
  'aws:username',
  // What a directory or provider login knows of its user (MinIO fills them from its claims).
  'aws:groups',
  'ldap:user',
  'ldap:username',
  'ldap:groups',
  'jwt:sub',
];

const SUPPORTED = new Set(CONDITION_KEYS.map((k) => k.toLowerCase()));
/** Keys that name a tag after a slash: s3:ExistingObjectTag/<tag-key>. */
const TAG_KEY_PREFIXES = ['s3:existingobjecttag/', 's3:requestobjecttag/'];

export function isSupportedConditionKey(key: string): boolean {
  const lower = key.toLowerCase();
  return SUPPORTED.has(lower) || TAG_KEY_PREFIXES.some((p) => lower.startsWith(p) && lower.length > p.length);
}

/** Refuses a policy that names a condition key no request supplies (UnknownConditionKey). */
export function assertSupportedConditionKeys(policy: Policy): Policy {
  for (const [i, statement] of policy.statements.entries())
    for (const condition of statement.conditions)
      if (!isSupportedConditionKey(condition.key))
        throw new PolicyError(
          'UnknownConditionKey',
          `Statement ${i + 1}${statement.sid ? ` (Sid "${statement.sid}")` : ''}: invalid condition key '${condition.key}'`,
        );
  return policy;
}
