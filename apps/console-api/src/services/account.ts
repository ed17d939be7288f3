import type { Credentials } from '@stowage/madmin';
import { fromStorageError, storageCall } from '../clients/errors.js';
import type { StorageGateway } from '../clients/storage.js';
import { ApiError } from '../http/errors.js';

// Passwords. The console keeps no long-term secret, so changing one's own password is signed
// with the current password the user types: that proves it, and the server checks the right.

export async function changeOwnPassword(
  gateway: StorageGateway,
  accessKey: string,
  currentSecret: string,
  newSecret: string,
): Promise<void> {
  if (accessKey === '')
    throw new ApiError(
      'forbidden',
      'single sign-on sessions have no password here',
      'this session has no password to change',
    );
  const asUser: Credentials = { accessKey, secretKey: currentSecret };
  await gateway
    .admin(asUser)
    .users.add(accessKey, newSecret, 'enabled')
    .catch((err: { code?: string }) => {
      if (err.code === 'SignatureDoesNotMatch' || err.code === 'InvalidAccessKeyId')
        throw new ApiError('forbidden', '', 'the current password is not correct');
      throw fromStorageError(err, 'call');
    });
}

/** Sets another user's secret, keeping its status. */
export async function changeUserPassword(
  gateway: StorageGateway,
  session: Credentials,
  user: string,
  newSecret: string,
): Promise<void> {
  const admin = gateway.admin(session);
  const info = await storageCall(admin.users.info(user));
  await storageCall(admin.users.add(user, newSecret, info.status === 'disabled' ? 'disabled' : 'enabled'));
}
