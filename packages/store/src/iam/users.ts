import type { Status } from '../format/iam.js';
import { IamError } from './errors.js';
import type { IamStore } from './store.js';

// Users and groups, with MinIO's rules (madmin-protocol.md §3.2, §3.3, §8.13).

export const ACCESS_KEY_LENGTH = { min: 3, max: 20 } as const;
export const SECRET_KEY_LENGTH = { min: 8, max: 40 } as const;
const ZERO_TIME = '0001-01-01T00:00:00Z';

export interface UserInfoJson {
  policyName?: string;
  status: Status;
  memberOf?: string[];
  updatedAt: string;
}

export interface GroupDescription {
  name: string;
  status: Status;
  members: string[];
  policy: string;
  updatedAt: string;
}

export interface GroupMembersUpdate {
  group: string;
  members: string[];
  groupStatus?: string;
  isRemove: boolean;
}

/** Names may not begin or end with whitespace (XMinioInvalidResource). */
export function checkName(name: string): void {
  if (name === '' || /^\s|\s$/u.test(name)) throw new IamError('InvalidName');
}

export function checkKeys(accessKey: string, secretKey?: string): void {
  if (accessKey.length < ACCESS_KEY_LENGTH.min || accessKey.length > ACCESS_KEY_LENGTH.max)
    throw new IamError('InvalidAccessKey');
  if (
    secretKey !== undefined &&
    (secretKey.length < SECRET_KEY_LENGTH.min || secretKey.length > SECRET_KEY_LENGTH.max)
  )
    throw new IamError('InvalidSecretKey');
}

export function parseStatus(raw: unknown, fallback?: Status): Status {
  if ((raw === undefined || raw === '') && fallback !== undefined) return fallback;
  if (raw === 'enabled' || raw === 'disabled') return raw;
  throw new IamError('InvalidArgument', `Unknown status '${String(raw)}': use enabled or disabled`);
}

/** The groups a user belongs to, sorted. */
export function groupsOf(iam: IamStore, user: string): string[] {
  return Object.entries(iam.state.groups)
    .filter(([, g]) => g.members.includes(user))
    .map(([name]) => name)
    .sort();
}

export function userInfo(iam: IamStore, accessKey: string): UserInfoJson {
  const user = iam.state.users[accessKey];
  if (!user) throw new IamError('NoSuchUser');
  const mapping = iam.state.userMappings[accessKey];
  const info: UserInfoJson = { status: user.status, updatedAt: mapping?.updatedAt ?? ZERO_TIME };
  if (mapping && mapping.policies.length > 0) info.policyName = mapping.policies.join(',');
  const groups = groupsOf(iam, accessKey);
  if (groups.length > 0) info.memberOf = groups;
  return info;
}

export function listUsers(iam: IamStore): Record<string, UserInfoJson> {
  const out: Record<string, UserInfoJson> = {};
  for (const name of Object.keys(iam.state.users).sort()) out[name] = userInfo(iam, name);
  return out;
}

/**
 * Adds a user or changes its secret and status. `reserved` names access keys that belong
 * to something else (root, a service account, temporary credentials).
 */
export function setUser(
  iam: IamStore,
  accessKey: string,
  secretKey: string,
  status: Status,
  reserved: (accessKey: string) => boolean,
): Promise<void> {
  checkName(accessKey);
  checkKeys(accessKey, secretKey);
  if (reserved(accessKey)) throw new IamError('ReservedCredentials');
  return iam.mutate(['users'], (d) => {
    d.users[accessKey] = { secretKey, status, updatedAt: new Date().toISOString() };
  });
}

export function setUserStatus(iam: IamStore, accessKey: string, status: Status): Promise<void> {
  return iam.mutate(['users'], (d) => {
    const user = d.users[accessKey];
    if (!user) throw new IamError('NoSuchUser');
    user.status = status;
    user.updatedAt = new Date().toISOString();
  });
}

/** Removes a user with its policy mapping, group memberships and service accounts. */
export function removeUser(iam: IamStore, accessKey: string): Promise<void> {
  return iam.mutate(['users', 'userMappings', 'groups', 'serviceAccounts'], (d) => {
    if (!d.users[accessKey]) throw new IamError('NoSuchUser');
    delete d.users[accessKey];
    delete d.userMappings[accessKey];
    for (const group of Object.values(d.groups)) group.members = group.members.filter((m) => m !== accessKey);
    for (const [key, account] of Object.entries(d.serviceAccounts))
      if (account.parent === accessKey) delete d.serviceAccounts[key];
  });
}

export function describeGroup(iam: IamStore, name: string): GroupDescription {
  const group = iam.state.groups[name];
  if (!group) throw new IamError('NoSuchGroup');
  const mapping = iam.state.groupMappings[name];
  return {
    name,
    status: group.status,
    members: [...group.members],
    policy: mapping?.policies.join(',') ?? '',
    updatedAt: group.updatedAt,
  };
}

export const listGroups = (iam: IamStore): string[] => Object.keys(iam.state.groups).sort();

/**
 * Adds members (creating the group), removes members, or with `isRemove` and no members
 * deletes the group, which must then be empty.
 */
export function updateGroupMembers(iam: IamStore, update: GroupMembersUpdate): Promise<void> {
  const { group: name, members, isRemove } = update;
  return iam.mutate(['groups', 'groupMappings'], (d) => {
    const now = new Date().toISOString();
    const group = d.groups[name];
    if (isRemove) {
      if (!group) throw new IamError('NoSuchGroup');
      if (members.length === 0) {
        if (group.members.length > 0) throw new IamError('GroupNotEmpty');
        delete d.groups[name];
        delete d.groupMappings[name];
        return;
      }
      group.members = group.members.filter((m) => !members.includes(m));
      group.updatedAt = now;
      return;
    }
    if (!group) checkName(name);
    for (const member of members) if (!iam.state.users[member]) throw new IamError('NoSuchUser');
    const target = group ?? { status: 'enabled', members: [], updatedAt: now };
    for (const member of members) if (!target.members.includes(member)) target.members.push(member);
    if (update.groupStatus) target.status = parseStatus(update.groupStatus);
    target.updatedAt = now;
    d.groups[name] = target;
  });
}

export function setGroupStatus(iam: IamStore, name: string, status: Status): Promise<void> {
  return iam.mutate(['groups'], (d) => {
    const group = d.groups[name];
    if (!group) throw new IamError('NoSuchGroup');
    group.status = status;
    group.updatedAt = new Date().toISOString();
  });
}
