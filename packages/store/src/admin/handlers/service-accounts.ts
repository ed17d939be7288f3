import type { Identity } from '../../iam/credentials.js';
import { actsForRoot } from '../../iam/rights.js';
import {
  addServiceAccount,
  deleteServiceAccount,
  type ExternalParent,
  listServiceAccounts,
  missingServiceAccount,
  ownsServiceAccount,
  serviceAccount,
  serviceAccountInfo,
  updateServiceAccount,
} from '../../iam/service-accounts.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply } from '../../wire/reply.js';
import { type AdminCall, jsonObject, optionalString } from '../call.js';

// Service accounts (madmin-protocol.md §3.5): one's own are managed without admin rights
// unless a policy denies it; another user's need the admin action.

/** A policy field: a JSON object (sent as such by madmin), or its text. */
function policyText(fields: Record<string, unknown>, name: string): string | undefined {
  const v = fields[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && !Array.isArray(v)) return Object.keys(v).length === 0 ? '' : JSON.stringify(v);
  throw new ApiError('XMinioAdminConfigBadJSON', `"${name}" must be a policy document`);
}

function expiration(fields: Record<string, unknown>): Date | undefined {
  const raw = optionalString(fields, 'expiration');
  if (raw === undefined || raw === '' || raw === '0001-01-01T00:00:00Z') return undefined;
  const date = new Date(raw);
  if (Number.isNaN(date.getTime()))
    throw new ApiError('XMinioAdminConfigBadJSON', '"expiration" must be a time');
  return date;
}

/**
 * An LDAP or OpenID user making its own account: no IAM user stands behind it, so the
 * account keeps what the login found (groups, policy names), as MinIO keeps its claims.
 */
function externalParent(identity: Identity): ExternalParent | undefined {
  if (identity.idp === undefined) return undefined;
  return {
    idp: identity.idp,
    ...(identity.groups ? { groups: identity.groups } : {}),
    ...(identity.policies ? { policies: identity.policies } : {}),
    ...(identity.subject ? { subject: identity.subject } : {}),
    ...(identity.username ? { username: identity.username } : {}),
  };
}

/**
 * Root's access keys are root's to manage: a key made for root, or a root key's secret or
 * policy changed, hands whoever did it root's rights. admin:CreateServiceAccount and
 * admin:UpdateServiceAccount stop short of that (MinIO lets them through).
 */
function assertRootKeysByRoot(call: AdminCall, owner: { parent: string; idp?: string }): void {
  const root = call.credentials.rootAccessKey;
  if (actsForRoot(owner, root) && !actsForRoot(call.identity, root))
    throw new ApiError(
      'AccessDenied',
      "Only the root user may create or change the root user's service accounts.",
    );
}

export async function addServiceAccountReply(call: AdminCall): Promise<Reply> {
  if (call.identity.kind === 'serviceAccount')
    throw new ApiError('XMinioIAMActionNotAllowed', 'A service account cannot create service accounts.');
  const fields = jsonObject(await call.secretBody());
  const target = optionalString(fields, 'targetUser') || call.identity.parent;
  call.require('admin:CreateServiceAccount', { self: target === call.identity.parent });
  const external = target === call.identity.parent ? externalParent(call.identity) : undefined;
  assertRootKeysByRoot(call, { parent: target, ...(external ? { idp: external.idp } : {}) });
  const policy = policyText(fields, 'policy');
  const accessKey = optionalString(fields, 'accessKey');
  const secretKey = optionalString(fields, 'secretKey');
  const comment = optionalString(fields, 'comment');
  const expires = expiration(fields);
  const credentials = await addServiceAccount(
    call.iam,
    {
      parent: target,
      ...(external ? { external } : {}),
      ...(accessKey ? { accessKey } : {}),
      ...(secretKey ? { secretKey } : {}),
      ...(policy ? { policy } : {}),
      ...(comment ? { comment } : {}),
      ...(expires ? { expiration: expires } : {}),
    },
    call.credentials.rootAccessKey,
    (key) => call.credentials.isReserved(key),
  );
  return call.sealed({ credentials });
}

/**
 * The account must exist (404); then owners act on their own, anyone else needs `action`.
 * With `hide`, a refusal looks like a missing account (MinIO's delete does that).
 */
function requireOwnerOr(call: AdminCall, accessKey: string, action: string, hide = false): void {
  serviceAccount(call.iam, accessKey);
  try {
    call.require(action, { self: ownsServiceAccount(call.iam, call.identity, accessKey) });
  } catch (err) {
    if (hide && err instanceof ApiError && err.code === 'AccessDenied') throw missingServiceAccount();
    throw err;
  }
}

export async function updateServiceAccountReply(call: AdminCall, accessKey: string): Promise<Reply> {
  requireOwnerOr(call, accessKey, 'admin:UpdateServiceAccount');
  assertRootKeysByRoot(call, serviceAccount(call.iam, accessKey));
  const fields = jsonObject(await call.secretBody());
  const newPolicy = policyText(fields, 'newPolicy');
  const newSecretKey = optionalString(fields, 'newSecretKey');
  const newStatus = optionalString(fields, 'newStatus');
  const newComment = optionalString(fields, 'newComment');
  await updateServiceAccount(call.iam, accessKey, {
    ...(newPolicy !== undefined ? { newPolicy } : {}),
    ...(newSecretKey ? { newSecretKey } : {}),
    ...(newStatus ? { newStatus } : {}),
    ...(newComment !== undefined ? { newComment } : {}),
  });
  return emptyReply(204);
}

export function listServiceAccountsReply(call: AdminCall, user: string): Promise<Reply> {
  const target = user || call.identity.parent;
  call.require('admin:ListServiceAccounts', { self: target === call.identity.parent });
  const accounts = listServiceAccounts(call.iam, target);
  return call.sealed({ accounts: accounts.length > 0 ? accounts : null });
}

export function infoServiceAccountReply(call: AdminCall, accessKey: string): Promise<Reply> {
  requireOwnerOr(call, accessKey, 'admin:ListServiceAccounts');
  return call.sealed(serviceAccountInfo(call.iam, accessKey, call.credentials.rootAccessKey));
}

export async function deleteServiceAccountReply(call: AdminCall, accessKey: string): Promise<Reply> {
  requireOwnerOr(call, accessKey, 'admin:RemoveServiceAccount', true);
  await deleteServiceAccount(call.iam, accessKey);
  return emptyReply(204);
}
