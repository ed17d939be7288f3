import type { Credentials, MadminClient, PolicyStatement } from '@stowage/madmin';
import { storageCall } from '../../clients/errors.js';
import type { StorageGateway } from '../../clients/storage.js';

// A job runs with a service account of the session's user, made when the job starts: it
// outlives the session and a console restart, and its policy narrows the user's rights to what
// the job needs. It is deleted when the job ends; should that fail (an account narrowed this
// much may not remove itself), the owner's next call deletes it, and its expiry ends it anyway.

/** How long a job's account lives at most; a job running longer is failed, not left open. */
export const JOB_CREDENTIAL_DAYS = 30;

export async function createJobCredentials(
  admin: MadminClient,
  statements: PolicyStatement[],
  now: Date,
): Promise<Credentials> {
  const created = await storageCall(
    admin.serviceAccounts.add({
      policy: { Version: '2012-10-17', Statement: statements },
      comment: 'made by the console for a bulk job; deleted when the job ends',
      expiration: new Date(now.getTime() + JOB_CREDENTIAL_DAYS * 86_400_000).toISOString(),
    }),
  );
  return { accessKey: created.accessKey, secretKey: created.secretKey };
}

/** Deletes a job's account, as itself, else as `owner` (a session of its user); true when gone. */
export async function deleteJobCredentials(
  gateway: StorageGateway,
  accessKey: string,
  own: Credentials | undefined,
  owner?: Credentials,
): Promise<boolean> {
  if (own) {
    try {
      await gateway.admin(own).serviceAccounts.delete(accessKey);
      return true;
    } catch {
      // Refused (the store hides a refusal as a 404): the owner's session may do it.
    }
  }
  if (!owner) return false;
  try {
    await gateway.admin(owner).serviceAccounts.delete(accessKey);
    return true;
  } catch (err) {
    // Already gone (expired, or removed by an administrator) is as good as deleted.
    return (err as { status?: number }).status === 404;
  }
}
