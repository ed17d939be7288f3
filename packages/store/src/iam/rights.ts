import type { PolicyDocument } from '@stowage/madmin';
import {
  CANNED_POLICY_DOCUMENTS,
  explainRights,
  type Policy,
  parseLimitPolicy,
  type RequestFacts,
} from '@stowage/policy';
import type { Identity } from './credentials.js';
import { policyDocument } from './policies.js';
import type { IamStore } from './store.js';

// What an identity may do: root everything; a user what the policies mapped to it and to
// its enabled groups allow; a service account or temporary credential what its parent may
// do, narrowed by its embedded or session policy when it has one.

export interface Rights {
  /** Root (or a credential derived from root): every action, before limits. */
  unlimited: boolean;
  /** Identity policies, combined with a bucket policy per AWS rules. */
  policies: Policy[];
  /** Policies that must each allow too (session and embedded policies). */
  limits: Policy[];
}

/**
 * The names of the policies that apply to a user: its own, then its enabled groups', then
 * those of the external groups (LDAP DNs) it was found in at login.
 */
export function policyNamesOf(iam: IamStore, user: string, externalGroups: readonly string[] = []): string[] {
  const names = [...(iam.state.userMappings[user]?.policies ?? [])];
  for (const group of externalGroups)
    for (const name of iam.state.groupMappings[group]?.policies ?? [])
      if (!names.includes(name)) names.push(name);
  for (const [group, record] of Object.entries(iam.state.groups)) {
    if (record.status !== 'enabled' || !record.members.includes(user)) continue;
    for (const name of iam.state.groupMappings[group]?.policies ?? [])
      if (!names.includes(name)) names.push(name);
  }
  return names;
}

const limitsCache = new Map<string, Policy>();
function limitPolicy(text: string): Policy {
  let policy = limitsCache.get(text);
  if (!policy) {
    policy = parseLimitPolicy(text);
    if (limitsCache.size > 1000) limitsCache.clear();
    limitsCache.set(text, policy);
  }
  return policy;
}

/**
 * Whether a credential is root's own or derived from root's (its service accounts, its
 * temporary credentials): never a user of an external identity provider whose name happens
 * to be the root key. `identity` may be a service account's record (parent, idp).
 */
export const actsForRoot = (identity: { parent: string; idp?: string }, rootAccessKey: string): boolean =>
  identity.parent === rootAccessKey && identity.idp === undefined;

export function rightsOf(iam: IamStore, identity: Identity, rootAccessKey: string): Rights {
  const limits = identity.sessionPolicy === undefined ? [] : [limitPolicy(identity.sessionPolicy)];
  if (actsForRoot(identity, rootAccessKey)) return { unlimited: true, policies: [], limits };
  const names = identity.policies ?? policyNamesOf(iam, identity.parent, identity.groups);
  const policies = names.map((name) => iam.policy(name)).filter((p): p is Policy => p !== undefined);
  return { unlimited: false, policies, limits };
}

/** Whether the rights allow a request, given the bucket's policy if there is one. */
export function rightsAllow(rights: Rights, facts: RequestFacts, bucket?: Policy): boolean {
  return explainRights({
    unlimited: rights.unlimited,
    identity: rights.policies,
    limits: rights.limits,
    facts,
    ...(bucket ? { bucket } : {}),
  }).allowed;
}

/** One document with every statement of a user's policies (what MinIO reports as "the" policy). */
export function mergedPolicyDocument(
  iam: IamStore,
  user: string,
  rootAccessKey: string,
  names: readonly string[] = policyNamesOf(iam, user),
): PolicyDocument {
  if (user === rootAccessKey) return CANNED_POLICY_DOCUMENTS.consoleAdmin;
  const statements = names.flatMap((name) => {
    const statement = iam.hasPolicy(name) ? policyDocument(iam, name).Statement : undefined;
    return statement ? [statement].flat() : [];
  });
  return { Version: '2012-10-17', Statement: statements };
}
