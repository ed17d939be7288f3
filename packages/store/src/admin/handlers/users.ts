import { mergedPolicyDocument, policyNamesOf } from '../../iam/rights.js';
import {
  describeGroup,
  listGroups,
  listUsers,
  parseStatus,
  removeUser,
  setGroupStatus,
  setUser,
  setUserStatus,
  updateGroupMembers,
  userInfo,
} from '../../iam/users.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, jsonReply, type Reply } from '../../wire/reply.js';
import { type AdminCall, jsonObject, optionalString, stringList } from '../call.js';

// Users and groups (madmin-protocol.md §3.2, §3.3).

export async function listUsersReply(call: AdminCall): Promise<Reply> {
  call.require('admin:ListUsers');
  return call.sealed(listUsers(call.iam));
}

/** GET /temporary-account-info: who an STS credential acts for, and with what policy. */
export function temporaryAccountInfoReply(call: AdminCall, accessKey: string): Promise<Reply> {
  call.require('admin:ListTemporaryAccounts');
  const record = call.credentials.temporaryRecord(accessKey);
  if (!record)
    throw new ApiError('XMinioInvalidIAMCredentials', 'The temporary account does not exist.', {
      status: 404,
    });
  const names = record.policies ?? policyNamesOf(call.iam, record.parent, record.groups);
  const document =
    record.sessionPolicy !== undefined
      ? JSON.parse(record.sessionPolicy)
      : mergedPolicyDocument(call.iam, record.parent, call.credentials.rootAccessKey, names);
  return call.sealed({
    parentUser: record.parent,
    accountStatus: new Date(record.expiration) > new Date() ? 'on' : 'off',
    impliedPolicy: record.sessionPolicy === undefined,
    policy: JSON.stringify(document, null, ' '),
  });
}

export function userInfoReply(call: AdminCall, accessKey: string): Reply {
  call.require('admin:GetUser', { self: accessKey === call.identity.parent });
  return jsonReply(userInfo(call.iam, accessKey));
}

/** PUT /add-user: a new user, or a new secret (own password change: allowed unless denied). */
export async function addUserReply(call: AdminCall, accessKey: string): Promise<Reply> {
  const self = accessKey === call.identity.parent && call.identity.kind !== 'root';
  // A user's password is changed with the user's own keys: not with a temporary credential
  // or a service account derived from them (as MinIO refuses it).
  if (self && call.identity.kind !== 'user')
    throw new ApiError(
      'XMinioInvalidIAMCredentials',
      "Temporary credentials and service accounts cannot change their parent user's password.",
    );
  call.require('admin:CreateUser', { self });
  if (accessKey === call.credentials.rootAccessKey)
    throw new ApiError(
      'XMinioInvalidIAMCredentials',
      'The root user cannot be changed through the user API.',
    );
  const fields = jsonObject(await call.secretBody());
  const secretKey = optionalString(fields, 'secretKey') ?? '';
  const existing = call.iam.state.users[accessKey];
  // Changing one's own password keeps one's status: a user cannot re-enable itself.
  const status = self && existing ? existing.status : parseStatus(fields.status, 'enabled');
  await setUser(call.iam, accessKey, secretKey, status, (key) => call.credentials.isReserved(key));
  // Sessions opened with the old password (the console's among them) end with it; the
  // user's service accounts have secrets of their own and stay, as in MinIO.
  if (existing && existing.secretKey !== secretKey) await call.credentials.revokeTemporaryOf(accessKey);
  return emptyReply(200);
}

export async function setUserStatusReply(call: AdminCall, accessKey: string, status: string): Promise<Reply> {
  call.require('admin:EnableUser');
  if (accessKey === call.credentials.rootAccessKey)
    throw new ApiError('InvalidRequest', 'The root user cannot be enabled or disabled.');
  await setUserStatus(call.iam, accessKey, parseStatus(status));
  return emptyReply(200);
}

export async function removeUserReply(call: AdminCall, accessKey: string): Promise<Reply> {
  call.require('admin:DeleteUser');
  if (accessKey === call.credentials.rootAccessKey || call.credentials.isReserved(accessKey))
    throw new ApiError('XMinioIAMActionNotAllowed', 'Only IAM users can be removed through remove-user.');
  await removeUser(call.iam, accessKey);
  return emptyReply(200);
}

export async function updateGroupMembersReply(call: AdminCall): Promise<Reply> {
  call.require('admin:AddUserToGroup');
  const fields = jsonObject(await call.body());
  const group = optionalString(fields, 'group') ?? '';
  if (group === '') throw new ApiError('XMinioInvalidResource', 'A group name is required.');
  const isRemove = fields.isRemove === true;
  const groupStatus = optionalString(fields, 'groupStatus');
  await updateGroupMembers(call.iam, {
    group,
    members: stringList(fields, 'members'),
    isRemove,
    ...(groupStatus !== undefined ? { groupStatus } : {}),
  });
  return emptyReply(200);
}

export function groupInfoReply(call: AdminCall, group: string): Reply {
  call.require('admin:GetGroup');
  return jsonReply(describeGroup(call.iam, group));
}

export function listGroupsReply(call: AdminCall): Reply {
  call.require('admin:ListGroups');
  return jsonReply(listGroups(call.iam));
}

export async function setGroupStatusReply(call: AdminCall, group: string, status: string): Promise<Reply> {
  call.require('admin:EnableGroup');
  await setGroupStatus(call.iam, group, parseStatus(status));
  return emptyReply(200);
}
