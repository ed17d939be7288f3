import type { ServiceAccountInfo } from '@stowage/madmin';
import type { ServiceAccountRecord } from '../format/iam.js';
import type { Identity } from './credentials.js';
import { IamError } from './errors.js';
import { checkPolicyText } from './policies.js';
import { newAccessKey, randomString } from './random.js';
import { mergedPolicyDocument, policyNamesOf } from './rights.js';
import type { IamStore } from './store.js';
import { checkKeys } from './users.js';

// Service accounts (access keys): long-lived credentials of a parent user, optionally
// narrowed by an embedded policy (madmin-protocol.md §3.5).

const ZERO_TIME = '0001-01-01T00:00:00Z';
// MinIO's generated secrets: 40 characters of base64 with '/' made '+'.
const SECRET_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+';

/** What an external user's login found, kept with its service accounts. */
export interface ExternalParent {
  idp: 'ldap' | 'openid';
  groups?: string[];
  policies?: string[];
  subject?: string;
  username?: string;
}

export interface NewServiceAccount {
  parent: string;
  /** The parent is a user of an external identity provider (no IAM user of that name). */
  external?: ExternalParent;
  accessKey?: string;
  secretKey?: string;
  /** Policy JSON text; absent: the parent's rights. */
  policy?: string;
  comment?: string;
  expiration?: Date;
}

export interface ServiceAccountUpdate {
  /** Policy JSON text; '' removes the embedded policy. */
  newPolicy?: string;
  newSecretKey?: string;
  newStatus?: string;
  newComment?: string;
}

export const missingServiceAccount = (): IamError =>
  new IamError('NoSuchServiceAccount', 'The service account does not exist.');

/** Whether an account's expiration has passed: it no longer exists for anyone. */
export const isExpired = (account: ServiceAccountRecord, now = Date.now()): boolean =>
  account.expiration !== undefined && Date.parse(account.expiration) <= now;

/** The account; 404 XMinioInvalidIAMCredentials when there is none (or it has expired). */
export function serviceAccount(iam: IamStore, accessKey: string): ServiceAccountRecord {
  const account = iam.state.serviceAccounts[accessKey];
  if (!account || isExpired(account)) throw missingServiceAccount();
  return account;
}

/**
 * Removes the accounts whose expiration has passed, as MinIO does when it loads IAM: a
 * share link's account, for one, is gone once its link has expired.
 */
export async function purgeExpiredServiceAccounts(iam: IamStore, now = Date.now()): Promise<void> {
  const expired = Object.entries(iam.state.serviceAccounts)
    .filter(([, a]) => isExpired(a, now))
    .map(([key]) => key);
  if (expired.length === 0) return;
  await iam.mutate(['serviceAccounts'], (d) => {
    for (const key of expired)
      if (d.serviceAccounts[key] && isExpired(d.serviceAccounts[key], now)) delete d.serviceAccounts[key];
  });
}

export const ownsServiceAccount = (iam: IamStore, caller: Identity, accessKey: string): boolean =>
  iam.state.serviceAccounts[accessKey]?.parent === caller.parent;

export async function addServiceAccount(
  iam: IamStore,
  input: NewServiceAccount,
  rootAccessKey: string,
  reserved: (accessKey: string) => boolean,
): Promise<{ accessKey: string; secretKey: string; expiration: string }> {
  if (!input.external && input.parent !== rootAccessKey && !iam.state.users[input.parent])
    throw new IamError('NoSuchUser');
  const accessKey = input.accessKey || newAccessKey();
  const secretKey = input.secretKey || randomString(40, SECRET_ALPHABET);
  checkKeys(accessKey, secretKey);
  if (reserved(accessKey) || iam.state.users[accessKey])
    throw new IamError('ActionNotAllowed', `The access key '${accessKey}' is already in use.`);
  if (input.policy !== undefined) checkPolicyText(input.policy);
  if (input.expiration !== undefined && input.expiration.getTime() <= Date.now())
    throw new IamError('InvalidArgument', 'The expiration must lie in the future.');
  const record: ServiceAccountRecord = {
    secretKey,
    parent: input.parent,
    status: 'on',
    createdAt: new Date().toISOString(),
  };
  if (input.policy !== undefined) record.policy = input.policy;
  if (input.comment) record.comment = input.comment;
  if (input.expiration) record.expiration = input.expiration.toISOString();
  if (input.external) Object.assign(record, structuredClone(input.external));
  await iam.mutate(['serviceAccounts'], (d) => {
    d.serviceAccounts[accessKey] = record;
  });
  return { accessKey, secretKey, expiration: record.expiration ?? ZERO_TIME };
}

function accountStatus(raw: string): 'on' | 'off' {
  if (raw === 'on' || raw === 'enabled') return 'on';
  if (raw === 'off' || raw === 'disabled') return 'off';
  throw new IamError('InvalidArgument', `Unknown status '${raw}': use on, off, enabled or disabled`);
}

export function updateServiceAccount(
  iam: IamStore,
  accessKey: string,
  update: ServiceAccountUpdate,
): Promise<void> {
  if (update.newSecretKey) checkKeys(accessKey, update.newSecretKey);
  if (update.newPolicy) checkPolicyText(update.newPolicy);
  const status = update.newStatus ? accountStatus(update.newStatus) : undefined;
  return iam.mutate(['serviceAccounts'], (d) => {
    const account = d.serviceAccounts[accessKey];
    if (!account) throw missingServiceAccount();
    if (update.newSecretKey) account.secretKey = update.newSecretKey;
    if (status) account.status = status;
    if (update.newComment !== undefined) account.comment = update.newComment;
    if (update.newPolicy === '') delete account.policy;
    else if (update.newPolicy !== undefined) account.policy = update.newPolicy;
  });
}

export function deleteServiceAccount(iam: IamStore, accessKey: string): Promise<void> {
  return iam.mutate(['serviceAccounts'], (d) => {
    if (!d.serviceAccounts[accessKey]) throw missingServiceAccount();
    delete d.serviceAccounts[accessKey];
  });
}

export function listServiceAccounts(iam: IamStore, parent: string): string[] {
  return Object.entries(iam.state.serviceAccounts)
    .filter(([, a]) => a.parent === parent && !isExpired(a))
    .map(([key]) => key)
    .sort();
}

/** What InfoServiceAccount reports: an implied policy is the parent's, merged. */
export function serviceAccountInfo(
  iam: IamStore,
  accessKey: string,
  rootAccessKey: string,
): ServiceAccountInfo {
  const account = serviceAccount(iam, accessKey);
  const names = account.idp
    ? (account.policies ?? policyNamesOf(iam, account.parent, account.groups))
    : undefined;
  const document =
    account.policy !== undefined
      ? JSON.parse(account.policy)
      : mergedPolicyDocument(iam, account.parent, rootAccessKey, names);
  const info: ServiceAccountInfo = {
    parentUser: account.parent,
    accountStatus: account.status,
    impliedPolicy: account.policy === undefined,
    policy: JSON.stringify(document, null, ' '),
  };
  if (account.comment !== undefined) info.comment = account.comment;
  if (account.expiration !== undefined) info.expiration = account.expiration;
  return info;
}
