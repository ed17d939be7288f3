import type { Group, ListGroupsResponse } from '@stowage/contract';
import type { MadminClient } from '@stowage/madmin';
import { found, storageCall } from '../clients/errors.js';
import { ApiError } from '../http/errors.js';

// Groups over the admin API: the spec's create, update and delete as the server's member
// changes.

export async function listGroups(admin: MadminClient): Promise<ListGroupsResponse> {
  const groups = [...((await storageCall(admin.groups.list())) ?? [])].sort();
  return { groups, total: groups.length };
}

export async function getGroup(admin: MadminClient, name: string): Promise<Group> {
  const d = await storageCall(admin.groups.describe(name));
  return {
    name: d.name || name,
    members: [...(d.members ?? [])].sort(),
    status: d.status === 'disabled' ? 'disabled' : 'enabled',
    policy: d.policy ?? '',
  };
}

export async function addGroup(admin: MadminClient, name: string, members: string[]): Promise<void> {
  if (await found(admin.groups.describe(name)))
    throw new ApiError('conflict', `group ${name} already exists`);
  await storageCall(admin.groups.updateMembers({ group: name, members, isRemove: false }));
}

/** Sets members (adding and removing the difference) and status. */
export async function updateGroup(
  admin: MadminClient,
  name: string,
  update: { members: string[]; status: 'enabled' | 'disabled' },
): Promise<Group> {
  const current = await getGroup(admin, name);
  const had = new Set(current.members);
  const added = update.members.filter((m) => !had.has(m));
  const removed = current.members.filter((m) => !update.members.includes(m));
  if (added.length)
    await storageCall(admin.groups.updateMembers({ group: name, members: added, isRemove: false }));
  if (removed.length)
    await storageCall(admin.groups.updateMembers({ group: name, members: removed, isRemove: true }));
  if (update.status !== current.status) await storageCall(admin.groups.setStatus(name, update.status));
  return getGroup(admin, name);
}

/** Deletes a group: the server removes only empty groups, so its members leave it first. */
export async function removeGroup(admin: MadminClient, name: string): Promise<void> {
  const current = await getGroup(admin, name);
  if (current.members.length)
    await storageCall(admin.groups.updateMembers({ group: name, members: current.members, isRemove: true }));
  await storageCall(admin.groups.updateMembers({ group: name, members: [], isRemove: true }));
}
