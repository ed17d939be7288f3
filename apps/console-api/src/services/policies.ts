import type { ListPoliciesResponse } from '@stowage/contract';
import type { MadminClient } from '@stowage/madmin';
import { storageCall } from '../clients/errors.js';

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
