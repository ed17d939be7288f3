import { actionMatches, namesNonS3Action } from './actions.js';
import { conditionsHold } from './conditions.js';
import type { Effect, Policy, PrincipalSpec, Statement } from './types.js';
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

/** The statement that decided: its policy's place in the list, its own place, Sid and Effect. */
export interface DecidingStatement {
  policy: number;
  statement: number;
  sid?: string;
  effect: Effect;
}

/** A decision and the statement that made it; 'none' has none (an implicit deny). */
export interface Verdict {
  decision: Decision;
  by?: DecidingStatement;
}

/** Explicit deny beats allow; neither is 'none' (an implicit deny). */
export function evaluate(policies: readonly Policy[], facts: RequestFacts): Decision {
  return explain(policies, facts).decision;
}

/**
 * `evaluate`, saying which statement decided: the first Deny that applies, else the first
 * Allow that applies. The store and the console's simulator both decide through this.
 */
export function explain(policies: readonly Policy[], facts: RequestFacts): Verdict {
  const context = contextFrom(facts.conditions);
  let allowedBy: DecidingStatement | undefined;
  for (const [p, policy] of policies.entries()) {
    // Version 2008-10-17 predates policy variables: `${...}` is literal text there.
    const variables = policy.version === '2012-10-17';
    for (const [s, statement] of policy.statements.entries()) {
      if (!statementApplies(statement, facts, context, variables)) continue;
      // Built only for the statements that can decide: the first Allow, or a Deny.
      if (statement.effect === 'Deny') return { decision: 'deny', by: deciding(p, s, statement) };
      allowedBy ??= deciding(p, s, statement);
    }
  }
  return allowedBy ? { decision: 'allow', by: allowedBy } : { decision: 'none' };
}

function deciding(policy: number, index: number, statement: Statement): DecidingStatement {
  return {
    policy,
    statement: index,
    effect: statement.effect,
    ...(statement.sid ? { sid: statement.sid } : {}),
  };
}

export interface AccessInput {
  identity: readonly Policy[];
  bucket?: Policy;
  facts: RequestFacts;
}

/** Which document decided an access: an identity policy, the bucket policy, or a limit. */
export type AccessSource = 'identity' | 'bucket' | 'limit';

export interface AccessVerdict {
  allowed: boolean;
  /** Absent when nothing allowed and nothing denied (an implicit deny), or for unlimited rights. */
  decidedBy?: DecidingStatement & { source: AccessSource };
}

/**
 * Same-account AWS semantics: an explicit Deny in either the identity policies or the bucket
 * policy denies; otherwise either one allowing is enough. Anonymous requests have no identity
 * policies and are judged by the bucket policy alone.
 */
export function isAllowed(input: AccessInput): boolean {
  return explainAccess(input).allowed;
}

export function explainAccess({ identity, bucket, facts }: AccessInput): AccessVerdict {
  const fromBucket = bucket ? explain([bucket], facts) : { decision: 'none' as const };
  if (isAnonymous(facts.principal)) return sourced(fromBucket, 'bucket');
  const fromIdentity = explain(identity, facts);
  if (fromIdentity.decision === 'deny') return sourced(fromIdentity, 'identity');
  if (fromBucket.decision === 'deny') return sourced(fromBucket, 'bucket');
  return fromIdentity.decision === 'allow'
    ? sourced(fromIdentity, 'identity')
    : sourced(fromBucket, 'bucket');
}

/** What rights allow in all: unlimited or the identity and bucket policies, then every limit. */
export interface RightsInput extends AccessInput {
  /** Root (or a credential derived from root): every action, before limits. */
  unlimited: boolean;
  /** Policies that must each allow too (session and embedded policies). */
  limits: readonly Policy[];
}

export function explainRights({ unlimited, limits, ...access }: RightsInput): AccessVerdict {
  const base: AccessVerdict = unlimited ? { allowed: true } : explainAccess(access);
  if (!base.allowed) return base;
  for (const [index, limit] of limits.entries()) {
    const verdict = explain([limit], access.facts);
    if (verdict.decision !== 'allow')
      return {
        allowed: false,
        ...(verdict.by ? { decidedBy: { ...verdict.by, policy: index, source: 'limit' } } : {}),
      };
  }
  return base;
}

function sourced(verdict: Verdict, source: AccessSource): AccessVerdict {
  return {
    allowed: verdict.decision === 'allow',
    ...(verdict.by ? { decidedBy: { ...verdict.by, source } } : {}),
  };
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
