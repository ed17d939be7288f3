import type { ServiceAccountCredentials } from '@stowage/contract';
import type { MadminClient, PolicyDocument } from '@stowage/madmin';
import { storageCall } from '../clients/errors.js';
import { ApiError } from '../http/errors.js';
import { getUser } from './users.js';

// Service accounts over the admin API. `user` undefined means the session's own account
// (the server resolves it from the session's credentials).

export interface NewServiceAccount {
  /** JSON text; blank means the account inherits its parent's rights. */
  policy?: string | undefined;
  accessKey?: string | undefined;
  secretKey?: string | undefined;
}

/** The policy text as the object madmin sends, or undefined when blank; bad JSON is a 400. */
function parsePolicy(text: string | undefined): PolicyDocument | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new ApiError('badRequest', (err as Error).message, 'the policy is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(
      'badRequest',
      'a policy document is a JSON object',
      'the policy must be a JSON object',
    );
  return parsed as PolicyDocument;
}

export async function listServiceAccounts(admin: MadminClient, user?: string): Promise<string[]> {
  if (user !== undefined) await getUser(admin, user); // a 404 for an unknown user, not an empty list
  const keys = await storageCall(admin.serviceAccounts.list(user ?? ''));
  return [...keys].sort();
}

/**
 * Creates a service account. Another user's needs that user to have a policy (spec 000 §6),
 * since an account with no rights to inherit could do nothing.
 */
export async function createServiceAccount(
  admin: MadminClient,
  input: NewServiceAccount,
  user?: string,
): Promise<ServiceAccountCredentials> {
  const policy = parsePolicy(input.policy);
  if (user !== undefined && !(await getUser(admin, user)).hasPolicy)
    throw new ApiError(
      'badRequest',
      'a service account inherits its rights from its user: give the user a policy first',
      `user ${user} has no policy`,
    );
  const created = await storageCall(
    admin.serviceAccounts
      .add({
        ...(policy ? { policy } : {}),
        ...(user !== undefined ? { targetUser: user } : {}),
        ...(input.accessKey !== undefined ? { accessKey: input.accessKey, secretKey: input.secretKey } : {}),
      })
      .catch((err: { code?: string; message?: string }) => {
        // MinIO answers a taken access key with IAM-action-not-allowed; say what it means.
        if (err.code === 'XMinioIAMActionNotAllowed' && /already/i.test(err.message ?? ''))
          throw new ApiError('conflict', `access key ${input.accessKey} is already in use`);
        throw err;
      }),
  );
  return { accessKey: created.accessKey, secretKey: created.secretKey };
}

export async function deleteServiceAccount(admin: MadminClient, accessKey: string): Promise<void> {
  // MinIO answers 204 for a key that does not exist; look first so that the console says 404.
  await storageCall(admin.serviceAccounts.info(accessKey));
  await storageCall(admin.serviceAccounts.delete(accessKey));
}
