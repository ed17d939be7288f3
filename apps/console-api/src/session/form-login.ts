import type { LoginRequest } from '@stowage/contract';
import { tokenExpiry } from '../clients/kube.js';
import type { StorageGateway, TemporaryCredentials } from '../clients/storage.js';
import { grantsFromPolicy, rulesFromPolicy } from './grants.js';
import type { Identity, NewSessionInput, SessionView } from './store.js';

export type NewSession = NewSessionInput;

/**
 * The form strategy: trade what the user typed for STS credentials (the console never keeps
 * the long-term secret), then read the effective policy to decide the allowed pages. With LDAP
 * on, the form carries a directory user's name and password instead of the server's keys.
 * Temporary credentials (`sts`, their session token) are used as they are: the server checks
 * them when their account is read, and they end when their token says.
 */
export async function formLogin(
  gateway: StorageGateway,
  input: LoginRequest,
  options: { durationSeconds: number; ldap: boolean; client?: string },
): Promise<NewSession> {
  if (input.sts !== undefined) {
    const expiry = tokenExpiry(input.sts);
    const expiration = new Date(
      Number.isFinite(expiry) ? expiry : Date.now() + options.durationSeconds * 1000,
    );
    const temporary = { accessKey: input.accessKey, secretKey: input.secretKey, sessionToken: input.sts };
    return sessionFor(gateway, { ...temporary, expiration }, 'builtin');
  }
  const credentials = options.ldap
    ? await gateway.assumeRoleWithLdap(
        input.accessKey,
        input.secretKey,
        options.durationSeconds,
        options.client,
      )
    : await gateway.assumeRole(
        { accessKey: input.accessKey, secretKey: input.secretKey },
        options.durationSeconds,
        options.client,
      );
  return sessionFor(gateway, credentials, options.ldap ? 'ldap' : 'builtin');
}

/** A session for STS credentials, whichever strategy obtained them. */
export async function sessionFor(
  gateway: StorageGateway,
  credentials: TemporaryCredentials,
  identity: Identity,
): Promise<NewSession> {
  const account = await gateway.accountInfo(credentials);
  return {
    credentials: {
      accessKey: credentials.accessKey,
      secretKey: credentials.secretKey,
      sessionToken: credentials.sessionToken,
    },
    credentialsExpireAt: credentials.expiration.getTime(),
    // The server names the account: the login key for built-in users, the DN or the
    // token's subject for directory and single sign-on users.
    accountAccessKey: account.AccountName,
    identity,
    ...viewOf(account),
  };
}

/** The session's rights as the server states them now (its AccountInfo). */
export function viewOf(account: { Policy: unknown; Server: unknown }): SessionView {
  return {
    grants: grantsFromPolicy(account.Policy),
    rules: rulesFromPolicy(account.Policy),
    distributedMode: isErasureCoded(account.Server),
  };
}

/** BackendInfo.Type 2 is Erasure; a single drive also reports 2 but with parity 0, no EC. */
export function isErasureCoded(server: unknown): boolean {
  const info = (server ?? {}) as { Type?: unknown; StandardSCParity?: unknown };
  return info.Type === 2 && typeof info.StandardSCParity === 'number' && info.StandardSCParity > 0;
}
