import type { ListUsersResponse, User } from '@stowage/contract';
import type { MadminClient, UserInfo } from '@stowage/madmin';
import { found, storageCall } from '../clients/errors.js';
import { ApiError } from '../http/errors.js';

// Users over the admin API. The server enforces the session's rights; these functions only
// compose its calls into the spec's shapes and steps.

const policyList = (text: string | undefined) => (text ?? '').split(',').filter((p) => p !== '');

/** Policies of each group named, one describe per distinct group. */
async function groupPolicies(admin: MadminClient, groups: Iterable<string>): Promise<Map<string, string[]>> {
  const names = [...new Set(groups)];
  const described = await Promise.all(
    names.map((g) =>
      admin.groups.describe(g).then(
        (d) => policyList(d.policy),
        // A group removed meanwhile grants nothing.
        () => [],
      ),
    ),
  );
  return new Map(names.map((g, i) => [g, described[i]!]));
}

function toUser(accessKey: string, info: UserInfo, groupPolicy: Map<string, string[]>): User {
  const memberOf = [...(info.memberOf ?? [])].sort();
  const policy = policyList(info.policyName);
  return {
    accessKey,
    status: info.status === 'disabled' ? 'disabled' : 'enabled',
    memberOf,
    policy,
    hasPolicy: policy.length > 0 || memberOf.some((g) => (groupPolicy.get(g) ?? []).length > 0),
  };
}

export async function listUsers(admin: MadminClient): Promise<ListUsersResponse> {
  const all = await storageCall(admin.users.list());
  const groupPolicy = await groupPolicies(
    admin,
    Object.values(all).flatMap((u) => u.memberOf ?? []),
  );
  const users = Object.entries(all)
    .map(([key, info]) => toUser(key, info, groupPolicy))
    .sort((a, b) => a.accessKey.localeCompare(b.accessKey));
  return { users, total: users.length };
}

export async function getUser(admin: MadminClient, accessKey: string): Promise<User> {
  const info = await storageCall(admin.users.info(accessKey));
  return toUser(accessKey, info, await groupPolicies(admin, info.memberOf ?? []));
}

async function joinGroups(admin: MadminClient, users: string[], groups: Iterable<string>, leave = false) {
  for (const group of groups)
    await storageCall(admin.groups.updateMembers({ group, members: users, isRemove: leave }));
}

export interface NewUser {
  accessKey: string;
  secretKey: string;
  groups: string[];
  policies?: string[] | undefined;
}

/** Creates a user; an existing access key is a conflict, not a silent secret change. */
export async function addUser(admin: MadminClient, input: NewUser): Promise<User> {
  if (await found(admin.users.info(input.accessKey)))
    throw new ApiError('conflict', `user ${input.accessKey} already exists`);
  await storageCall(admin.users.add(input.accessKey, input.secretKey, 'enabled'));
  await joinGroups(admin, [input.accessKey], input.groups);
  if (input.policies?.length) await storageCall(admin.policies.set(input.policies, input.accessKey, false));
  return getUser(admin, input.accessKey);
}

export interface UserUpdate {
  status: 'enabled' | 'disabled';
  groups: string[];
  policies?: string[] | undefined;
}

/** Sets status and groups (joining and leaving the difference), and policies when given. */
export async function updateUser(admin: MadminClient, accessKey: string, update: UserUpdate): Promise<User> {
  const current = await storageCall(admin.users.info(accessKey));
  const had = new Set(current.memberOf ?? []);
  const wanted = new Set(update.groups);
  await joinGroups(
    admin,
    [accessKey],
    [...wanted].filter((g) => !had.has(g)),
  );
  await joinGroups(
    admin,
    [accessKey],
    [...had].filter((g) => !wanted.has(g)),
    true,
  );
  if (update.status !== current.status) await storageCall(admin.users.setStatus(accessKey, update.status));
  if (update.policies) await storageCall(admin.policies.set(update.policies, accessKey, false));
  return getUser(admin, accessKey);
}

/** Deletes a user; the session's own account is refused (spec 000 §6). */
export async function removeUser(
  admin: MadminClient,
  accessKey: string,
  sessionAccount: string,
): Promise<void> {
  if (accessKey === sessionAccount) throw new ApiError('badRequest', 'you cannot delete your own user');
  await storageCall(admin.users.remove(accessKey));
}

/** Adds every user to every group. */
export async function addUsersToGroups(
  admin: MadminClient,
  users: string[],
  groups: string[],
): Promise<void> {
  await joinGroups(admin, users, groups);
}
