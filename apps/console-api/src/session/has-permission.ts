import { actionMatches } from '@stowage/contract';
import type { PolicyRule } from './grants.js';

// POST /has-permission: whether the session's effective policy allows an action, on a bucket
// when one is named. Wildcards in actions and resources, NotAction/NotResource and explicit
// deny are honoured. Conditions cannot be judged without the request they would apply to, so
// the answer is the hopeful one: a conditional allow counts, a conditional deny does not. The
// answer only shapes buttons; the storage server decides each call.

const ARN = 'arn:aws:s3:::';

/** Object actions act on `bucket/*`, the others on the bucket (IAM names object-lock settings PutBucket…). */
const isObjectAction = (action: string) =>
  (/Object/.test(action) && !/Bucket/.test(action)) ||
  /^s3:(AbortMultipartUpload|ListMultipartUploadParts)$/.test(action);

function covers(rule: PolicyRule, action: string, resource: string | undefined): boolean {
  const actionHit = rule.actions.some((p) => actionMatches(p, action));
  if (actionHit === rule.notAction) return false;
  if (resource === undefined) return true;
  if (rule.resources.length === 0) return !rule.notResource;
  // IAM resource patterns use the same `*` and `?` wildcards as actions.
  const hit = rule.resources.some((p) => actionMatches(p, resource));
  return hit !== rule.notResource;
}

/** With no bucket named, only a deny on every resource settles the answer. */
const onEveryResource = (rule: PolicyRule) =>
  !rule.notResource &&
  (rule.resources.length === 0 || rule.resources.some((r) => r === '*' || r === `${ARN}*`));

/** With `key`, an object action is judged on that one object rather than on any in the bucket. */
export function hasPermission(
  rules: readonly PolicyRule[],
  action: string,
  bucket?: string,
  key?: string,
): boolean {
  const resource =
    bucket === undefined
      ? undefined
      : isObjectAction(action)
        ? `${ARN}${bucket}/${key ?? '*'}`
        : `${ARN}${bucket}`;
  const denied = rules.some(
    (r) =>
      r.effect === 'Deny' &&
      !r.conditional &&
      (resource !== undefined || onEveryResource(r)) &&
      covers(r, action, resource),
  );
  return !denied && rules.some((r) => r.effect === 'Allow' && covers(r, action, resource));
}
