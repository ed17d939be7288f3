import {
  assertSupportedConditionKeys,
  isPublicBucketPolicy,
  PolicyError,
  parsePolicy,
} from '@stowage/policy';
import { ApiError } from '../../wire/errors.js';
import { type Reply, xmlReply } from '../../wire/reply.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import { KIB, type KindSpec, storedAs } from './kind.js';

// Bucket policies are kept as the JSON text the client sent (GET returns it unchanged),
// checked by the IAM policy parser; evaluation happens per request (authorize.ts).

const MAX_POLICY = 20 * KIB;

/**
 * Checks the policy is one S3 accepts for this bucket (MalformedPolicy with the reason). The
 * checks past parsing hold for new policies only: one stored before them keeps its meaning.
 */
export function validatePolicy(text: string, bucket: string): void {
  try {
    const policy = assertSupportedConditionKeys(parsePolicy(text, { kind: 'bucket', bucket }));
    // AWS refuses NotPrincipal in an Allow (it would grant everyone else, anonymous callers
    // included): s3-tests' bucket_policy_allow_notprincipal.
    const i = policy.statements.findIndex((s) => s.effect === 'Allow' && s.notPrincipal !== undefined);
    if (i >= 0)
      throw new PolicyError(
        'InvalidPrincipal',
        `Statement ${i + 1}: NotPrincipal may only be used with "Effect": "Deny"`,
      );
  } catch (err) {
    if (err instanceof PolicyError) throw new ApiError('MalformedPolicy', err.message);
    throw err;
  }
}

/** Public as AWS judges it: an Allow that reaches everyone, not pinned by a condition. */
export function isPublic(text: string, bucket: string): boolean {
  try {
    return isPublicBucketPolicy(parsePolicy(text, { kind: 'bucket', bucket }));
  } catch {
    return false;
  }
}

export const policyText = (stored: unknown): string =>
  storedAs<{ text: string }>(stored, (v) => typeof v.text === 'string').text;

const tooLarge = () => new ApiError('MalformedPolicy', 'Policies must be no more than 20 KB');

export const policy: KindSpec = {
  maxBody: 1024 * KIB,
  tooLarge,
  missing: 'NoSuchBucketPolicy',
  putStatus: 204,
  parse(body, ctx) {
    if (body.length > MAX_POLICY) throw tooLarge();
    const text = body.toString('utf8');
    validatePolicy(text, ctx.bucket);
    return { text };
  },
  render: (stored): Reply => ({
    status: 200,
    body: { type: 'bytes', value: Buffer.from(policyText(stored)), contentType: 'application/json' },
  }),
};

/** A bucket without a policy is not public (MinIO's answer, and s3-tests' get_bucket_policy_status). */
export const policyStatusReply = (stored: unknown, bucket: string): Reply =>
  xmlReply(
    elAttrs(
      'PolicyStatus',
      { xmlns: S3_NAMESPACE },
      el('IsPublic', stored === undefined ? false : isPublic(policyText(stored), bucket)),
    ),
  );
