import { actionMatches, namesNonS3Action } from './actions.js';
import { conditionsHold } from './conditions.js';
import type { Policy, PrincipalSpec, Statement } from './types.js';
import { contextFrom, literalPattern, type RequestContext, substituteVariables } from './variables.js';
import { matchPattern, matchWildcard } from './wildcard.js';

export { isPublicBucketPolicy } from './public.js';

export type RequestPrincipal = { type: 'anonymous' } | { type: 'user'; arn: string; accessKey: string };

export interface RequestFacts {
  /** e.g. 's3:GetObject', 'admin:CreateUser'. */
  action: string;
  /**
   * 'arn:aws:s3:::bucket' or 'arn:aws:s3:::bucket/key'; absent for admin, KMS and STS actions
   * and for account-level S3 actions (s3:ListAllMyBuckets), which are then matched as the
   * empty-bucket resource 'arn:aws:s3:::' (so 'arn:aws:s3:::*' and '*' cover them).
   */
  resource?: string;
  /** Absent means anonymous. */
  principal?: RequestPrincipal;
  /** Context keys such as 'aws:SourceIp', 's3:prefix', 'aws:username', 'jwt:sub'; case-insensitive. */
  conditions: Record<string, string[]>;
}

export type Decision = 'allow' | 'deny' | 'none';

/** Explicit deny beats allow; neither is 'none' (an implicit deny). */
export function evaluate(policies: readonly Policy[], facts: RequestFacts): Decision {
  const context = contextFrom(facts.conditions);
  let allowed = false;
  for (const policy of policies) {
    // Version 2008-10-17 predates policy variables: `${...}` is literal text there.
    const variables = policy.version === '2012-10-17';
    for (const statement of policy.statements) {
      if (!statementApplies(statement, facts, context, variables)) continue;
      if (statement.effect === 'Deny') return 'deny';
      allowed = true;
    }
  }
  return allowed ? 'allow' : 'none';
}

export interface AccessInput {
  identity: readonly Policy[];
  bucket?: Policy;
  facts: RequestFacts;
}

/**
 * Same-account AWS semantics: an explicit Deny in either the identity policies or the bucket
 * policy denies; otherwise either one allowing is enough. Anonymous requests have no identity
 * policies and are judged by the bucket policy alone.
 */
export function isAllowed({ identity, bucket, facts }: AccessInput): boolean {
  const fromBucket = bucket ? evaluate([bucket], facts) : 'none';
  if (isAnonymous(facts.principal)) return fromBucket === 'allow';
  const fromIdentity = evaluate(identity, facts);
  if (fromIdentity === 'deny' || fromBucket === 'deny') return false;
  return fromIdentity === 'allow' || fromBucket === 'allow';
}

function statementApplies(
  statement: Statement,
  facts: RequestFacts,
  context: RequestContext,
  variables: boolean,
): boolean {
  if (statement.principal && !principalMatches(statement.principal, facts.principal)) return false;
  if (statement.notPrincipal && principalMatches(statement.notPrincipal, facts.principal)) return false;
  if (!actionApplies(statement, facts.action)) return false;
  if (!resourceApplies(statement, facts, context, variables)) return false;
  return conditionsHold(statement.conditions, context, variables);
}

function isAnonymous(principal: RequestPrincipal | undefined): boolean {
  return principal === undefined || principal.type === 'anonymous';
}

/**
 * `*` is everyone, anonymous included; otherwise a pattern for the user's ARN or access key,
 * with wildcards as MinIO matches principals (`arn:aws:iam::*` is every signed-in user). An
 * exact match only would leave such a Deny silently never applying.
 */
function principalMatches(spec: PrincipalSpec, principal: RequestPrincipal | undefined): boolean {
  if (spec.aws.includes('*')) return true;
  if (principal === undefined || principal.type === 'anonymous') return false;
  return spec.aws.some(
    (pattern) => matchWildcard(pattern, principal.arn) || matchWildcard(pattern, principal.accessKey),
  );
}

function actionApplies(statement: Statement, action: string): boolean {
  if (statement.actions) return statement.actions.some((pattern) => actionMatches(pattern, action));
  return !(statement.notActions ?? []).some((pattern) => actionMatches(pattern, action));
}

function resourceApplies(
  statement: Statement,
  facts: RequestFacts,
  context: RequestContext,
  variables: boolean,
): boolean {
  if (!statement.resources && !statement.notResources) return true;
  if (facts.resource === undefined && namesNonS3Action(statement.actions)) return true;
  const target = facts.resource ?? (/^s3:/i.test(facts.action) ? 'arn:aws:s3:::' : '');
  const matches = (pattern: string) => {
    const chunks = variables ? substituteVariables(pattern, context) : literalPattern(pattern);
    return chunks !== undefined && matchPattern(chunks, target);
  };
  if (statement.resources) return statement.resources.some(matches);
  return !(statement.notResources ?? []).some(matches);
}
