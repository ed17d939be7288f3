import type { PolicyDocument } from '@stowage/madmin';
import {
  assertSupportedConditionKeys,
  CANNED_POLICY_DOCUMENTS,
  CANNED_POLICY_NAMES,
  isCannedPolicyName,
  PolicyError,
  parsePolicy,
} from '@stowage/policy';
import type { IamDocuments, MappingRecord } from '../format/iam.js';
import { IamError } from './errors.js';
import type { IamStore } from './store.js';
import { checkName } from './users.js';

// Named policies and their mappings to users and groups (madmin-protocol.md §3.4).

export const MAX_POLICY_BYTES = 20 * 1024;

export interface PolicyEntities {
  timestamp: string;
  userMappings: { user: string; policies: string[] }[];
  groupMappings: { group: string; policies: string[] }[];
  policyMappings: { policy: string; users: string[]; groups: string[] }[];
}

/** The document of a named policy, as stored (canned ones as MinIO writes them). */
export function policyDocument(iam: IamStore, name: string): PolicyDocument {
  if (isCannedPolicyName(name)) return CANNED_POLICY_DOCUMENTS[name];
  const record = iam.state.policies[name];
  if (!record) throw new IamError('NoSuchPolicy');
  return JSON.parse(record.document) as PolicyDocument;
}

export function policyDates(iam: IamStore, name: string): { createDate: string; updateDate: string } {
  const record = iam.state.policies[name];
  if (record) return { createDate: record.createDate, updateDate: record.updateDate };
  if (!isCannedPolicyName(name)) throw new IamError('NoSuchPolicy');
  const zero = '0001-01-01T00:00:00Z';
  return { createDate: zero, updateDate: zero };
}

export function listPolicies(iam: IamStore): Record<string, PolicyDocument> {
  const out: Record<string, PolicyDocument> = {};
  for (const name of CANNED_POLICY_NAMES) out[name] = CANNED_POLICY_DOCUMENTS[name];
  for (const name of Object.keys(iam.state.policies).sort()) out[name] = policyDocument(iam, name);
  return out;
}

/** Validates an identity policy; MinIO names a missing Version MalformedPolicy. */
export function checkPolicyText(text: string): void {
  try {
    assertSupportedConditionKeys(parsePolicy(text, { kind: 'identity' }));
  } catch (err) {
    if (!(err instanceof PolicyError)) throw err;
    throw new IamError(
      err.code === 'MissingVersion' ? 'PolicyMissingVersion' : 'MalformedPolicy',
      err.message,
    );
  }
}

export function addPolicy(iam: IamStore, name: string, text: string): Promise<void> {
  checkName(name);
  if (name.includes(',')) throw new IamError('InvalidName', 'A policy name may not contain a comma.');
  if (isCannedPolicyName(name))
    throw new IamError('ActionNotAllowed', `'${name}' is a built-in policy and cannot be changed.`);
  checkPolicyText(text);
  return iam.mutate(['policies'], (d) => {
    const now = new Date().toISOString();
    const previous = d.policies[name];
    d.policies[name] = { document: text, createDate: previous?.createDate ?? now, updateDate: now };
  });
}

const inUse = (d: IamDocuments, name: string) =>
  [...Object.values(d.userMappings), ...Object.values(d.groupMappings)].some((m) =>
    m.policies.includes(name),
  );

export function removePolicy(iam: IamStore, name: string): Promise<void> {
  if (isCannedPolicyName(name))
    throw new IamError('ActionNotAllowed', `'${name}' is a built-in policy and cannot be removed.`);
  return iam.mutate(['policies'], (d) => {
    if (!d.policies[name]) throw new IamError('NoSuchPolicy');
    if (inUse(d, name)) throw new IamError('PolicyInUse');
    delete d.policies[name];
  });
}

export interface Entity {
  name: string;
  isGroup: boolean;
  /** A user or group of an external directory (an LDAP DN): not an IAM entity. */
  external?: boolean;
}

function mappingsOf(d: IamDocuments, entity: Entity): Record<string, MappingRecord> {
  if (entity.isGroup) {
    if (!entity.external && !d.groups[entity.name]) throw new IamError('NoSuchGroup');
    return d.groupMappings;
  }
  if (!entity.external && !d.users[entity.name]) throw new IamError('NoSuchUser');
  return d.userMappings;
}

function checkPoliciesExist(iam: IamStore, names: readonly string[]): void {
  for (const name of names) if (!iam.hasPolicy(name)) throw new IamError('NoSuchPolicy');
}

/** Replaces an entity's policies; an empty list removes its mapping. */
export function setPolicies(iam: IamStore, entity: Entity, names: readonly string[]): Promise<void> {
  const unique = [...new Set(names.map((n) => n.trim()).filter((n) => n !== ''))];
  checkPoliciesExist(iam, unique);
  const kind = entity.isGroup ? 'groupMappings' : 'userMappings';
  return iam.mutate([kind], (d) => {
    const mappings = mappingsOf(d, entity);
    if (unique.length === 0) delete mappings[entity.name];
    else mappings[entity.name] = { policies: unique, updatedAt: new Date().toISOString() };
  });
}

/** Attaches (or detaches) policies; changing nothing is an error, as in MinIO. */
export function attachPolicies(
  iam: IamStore,
  entity: Entity,
  names: readonly string[],
  detach: boolean,
): Promise<void> {
  if (names.length === 0) throw new IamError('InvalidArgument', 'No policy names were given.');
  if (!detach) checkPoliciesExist(iam, names);
  const kind = entity.isGroup ? 'groupMappings' : 'userMappings';
  return iam.mutate([kind], (d) => {
    const mappings = mappingsOf(d, entity);
    const current = mappings[entity.name]?.policies ?? [];
    const next = detach
      ? current.filter((p) => !names.includes(p))
      : [...current, ...names.filter((p) => !current.includes(p))];
    if (next.length === current.length)
      throw new IamError(detach ? 'PolicyNotAttached' : 'PolicyAlreadyAttached');
    if (next.length === 0) delete mappings[entity.name];
    else mappings[entity.name] = { policies: [...new Set(next)], updatedAt: new Date().toISOString() };
  });
}

/** Who has which policy, filtered to the named users, groups and policies (none: all). */
export function policyEntities(
  iam: IamStore,
  filter: { users: string[]; groups: string[]; policies: string[] },
): PolicyEntities {
  const all = filter.users.length + filter.groups.length + filter.policies.length === 0;
  const { userMappings, groupMappings } = iam.state;
  const users = Object.keys(userMappings)
    .sort()
    .filter((u) => all || filter.users.includes(u));
  const groups = Object.keys(groupMappings)
    .sort()
    .filter((g) => all || filter.groups.includes(g));
  const policyNames = new Set<string>();
  for (const m of [...Object.values(userMappings), ...Object.values(groupMappings)])
    for (const p of m.policies) if (all || filter.policies.includes(p)) policyNames.add(p);
  return {
    timestamp: new Date().toISOString(),
    userMappings: users.map((user) => ({ user, policies: userMappings[user]!.policies })),
    groupMappings: groups.map((group) => ({ group, policies: groupMappings[group]!.policies })),
    policyMappings: [...policyNames].sort().map((policy) => ({
      policy,
      users: Object.keys(userMappings)
        .filter((u) => userMappings[u]!.policies.includes(policy))
        .sort(),
      groups: Object.keys(groupMappings)
        .filter((g) => groupMappings[g]!.policies.includes(policy))
        .sort(),
    })),
  };
}
