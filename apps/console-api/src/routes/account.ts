import { routes } from '@stowage/contract';
import type { RouteDeps } from '../app.js';
import { fromStorageError } from '../clients/errors.js';
import { adminFor } from '../clients/storage.js';
import type { Binder } from '../http/bind.js';
import { ApiError } from '../http/errors.js';
import * as account from '../services/account.js';
import * as serviceAccounts from '../services/service-accounts.js';
import { formLogin } from '../session/form-login.js';
import { beginSession } from './login.js';

// The session's own account (password, service accounts) and other users' service accounts.

export function registerAccountRoutes(bind: Binder, deps: RouteDeps): void {
  const { gateway, sessions, config } = deps;
  const admin = adminFor(gateway);

  bind.authed(routes.changePassword, async ({ session, sessionId, body, request, reply }) => {
    // Directory and single sign-on users keep their passwords elsewhere; the page is hidden
    // for them, and the call refuses rather than touch a server user of the same name.
    if (session.identity !== 'builtin')
      throw new ApiError(
        'forbidden',
        'the password of a directory or single sign-on user is changed at its source',
      );
    const accessKey = session.accountAccessKey;
    await account.changeOwnPassword(gateway, accessKey, body.current_secret_key, body.new_secret_key);
    // Whoever knew the old password is logged out everywhere; this browser goes on with a
    // session made from the new one (the old session's credentials were issued for the old).
    sessions.revokeAccount(accessKey, 'builtin', sessionId);
    const fresh = await formLogin(
      gateway,
      { accessKey, secretKey: body.new_secret_key },
      { durationSeconds: config.stsDurationSeconds, ldap: false, client: request.ip },
    ).catch((err: unknown) => {
      throw fromStorageError(err, 'login');
    });
    beginSession(deps, request, reply, fresh);
    return undefined;
  });
  bind.authed(routes.changeUserPassword, async ({ session, body }) => {
    await account.changeUserPassword(gateway, session.credentials, body.selectedUser, body.newSecretKey);
    // A new password set by an administrator ends every session the user had.
    sessions.revokeAccount(body.selectedUser, 'builtin');
    return undefined;
  });

  bind.authed(routes.listServiceAccounts, ({ session }) =>
    serviceAccounts.listServiceAccounts(admin(session)),
  );
  bind.authed(routes.createServiceAccount, ({ session, body }) =>
    serviceAccounts.createServiceAccount(admin(session), body),
  );
  bind.authed(routes.createServiceAccountCredentials, ({ session, body }) =>
    serviceAccounts.createServiceAccount(admin(session), body),
  );
  bind.authed(routes.deleteServiceAccount, async ({ session, params }) => {
    await serviceAccounts.deleteServiceAccount(admin(session), params.serviceAccount);
    return undefined;
  });
  bind.authed(routes.listUserServiceAccounts, ({ session, params }) =>
    serviceAccounts.listServiceAccounts(admin(session), params.user),
  );
  bind.authed(routes.createUserServiceAccount, ({ session, params, body }) =>
    serviceAccounts.createServiceAccount(admin(session), body, params.user),
  );
  bind.authed(routes.createUserServiceAccountCredentials, ({ session, params, body }) =>
    serviceAccounts.createServiceAccount(admin(session), body, params.user),
  );
}
