import { parseCidr } from './conditions.js';
import type { Condition, Policy, Statement } from './types.js';

// AWS PolicyStatus.IsPublic, for the subset a store can judge: a bucket policy is public when
// some Allow statement reaches everyone (Principal "*" or any NotPrincipal) and none of its
// conditions pins the caller to fixed values of a source or identity key. Broad address
// ranges (shorter than /8 for IPv4, /32 for IPv6) do not count as pinning.

const PINNING_KEYS = new Set([
  'aws:sourcearn',
  'aws:sourcevpc',
  'aws:sourcevpce',
  'aws:sourceowner',
  'aws:sourceaccount',
  'aws:principalarn',
  'aws:principalaccount',
  'aws:principalorgid',
  'aws:userid',
  's3:x-amz-server-side-encryption-aws-kms-key-id',
]);

const EQUALITY_OPERATORS = new Set([
  'StringEquals',
  'StringEqualsIgnoreCase',
  'StringLike',
  'ArnEquals',
  'ArnLike',
]);

export function isPublicBucketPolicy(policy: Policy): boolean {
  return policy.statements.some(
    (statement) =>
      statement.effect === 'Allow' && reachesEveryone(statement) && !statement.conditions.some(pinsCaller),
  );
}

function reachesEveryone(statement: Statement): boolean {
  return statement.notPrincipal !== undefined || (statement.principal?.aws.includes('*') ?? false);
}

function pinsCaller(condition: Condition): boolean {
  // IfExists passes when the key is missing, and ForAllValues holds on a missing key.
  if (condition.ifExists || condition.qualifier === 'ForAllValues') return false;
  const key = condition.key.toLowerCase();
  if (key === 'aws:sourceip')
    return condition.operator === 'IpAddress' && condition.values.every(isNarrowRange);
  return (
    PINNING_KEYS.has(key) && EQUALITY_OPERATORS.has(condition.operator) && condition.values.every(isFixed)
  );
}

function isFixed(value: string): boolean {
  return !/[*?]|\$\{/.test(value);
}

function isNarrowRange(value: string): boolean {
  const range = parseCidr(value);
  if (!range) return false;
  return range.prefix >= (range.family === 'ipv4' ? 8 : 32);
}
