import type { ListPoliciesResponse, Policy } from '@stowage/contract';
import type { MadminClient } from '@stowage/madmin';
import { storageCall } from '../clients/errors.js';
import { ApiError } from '../http/errors.js';

/** Named policies sorted by name, one page of them. */
export async function listPolicies(
  admin: MadminClient,
  page: { offset?: number | undefined; limit?: number | undefined },
): Promise<ListPoliciesResponse> {
  const all = Object.entries(await storageCall(admin.policies.list())).sort(([a], [b]) => a.localeCompare(b));
  const offset = page.offset ?? 0;
  const slice = all.slice(offset, page.limit === undefined ? undefined : offset + page.limit);
  return {
    policies: slice.map(([name, doc]) => ({ name, policy: JSON.stringify(doc) })),
    total: all.length,
  };
}

/** Replaces the policies of a user or group; an empty list removes them all. */
export async function setPolicy(
  admin: MadminClient,
  input: { name: string[]; entityName: string; entityType: 'user' | 'group' },
): Promise<void> {
  await storageCall(admin.policies.set(input.name, input.entityName, input.entityType === 'group'));
}

/** Creates or replaces a named policy; the text must be a JSON object (the server checks the rest). */
export async function addPolicy(admin: MadminClient, name: string, text: string): Promise<Policy> {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new ApiError('badRequest', 'body/policy is not valid JSON', 'the policy is not valid JSON');
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new ApiError('badRequest', 'body/policy must be a JSON object', 'the policy is not valid JSON');
  }
  await storageCall(admin.policies.add(name, text));
  return getPolicy(admin, name);
}

export async function getPolicy(admin: MadminClient, name: string): Promise<Policy> {
  const document = await storageCall(admin.policies.info(name));
  return { name, policy: JSON.stringify(document) };
}

export async function removePolicy(admin: MadminClient, name: string): Promise<void> {
  // The server answers a missing policy with its own 404 on some versions and 200 on others.
  await getPolicy(admin, name);
  await storageCall(admin.policies.remove(name));
}

/** The users or groups holding a policy, from the server's policy-entities listing. */
export async function policyEntities(
  admin: MadminClient,
  name: string,
  kind: 'users' | 'groups',
): Promise<string[]> {
  await getPolicy(admin, name);
  const result = await storageCall(admin.policies.entities({ policies: [name] }));
  const mapping = (result.policyMappings ?? []).find((m) => m.policy === name);
  return [...(mapping?.[kind] ?? [])].sort();
}
