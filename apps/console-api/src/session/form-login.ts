import type { LoginRequest } from '@stowage/contract';
import type { StorageGateway } from '../clients/storage.js';
import { grantsFromPolicy, rulesFromPolicy } from './grants.js';
import type { Session } from './store.js';

export type NewSession = Omit<Session, 'csrfToken' | 'createdAt' | 'lastSeenAt'>;

/**
 * The form strategy: trade the user's keys for STS credentials (the console never keeps the
 * long-term secret), then read the effective policy to decide the allowed pages.
 */
export async function formLogin(
  gateway: StorageGateway,
  input: LoginRequest,
  durationSeconds: number,
): Promise<NewSession> {
  const credentials = await gateway.assumeRole(
    { accessKey: input.accessKey, secretKey: input.secretKey },
    durationSeconds,
  );
  const account = await gateway.accountInfo(credentials);
  return {
    credentials: {
      accessKey: credentials.accessKey,
      secretKey: credentials.secretKey,
      sessionToken: credentials.sessionToken,
    },
    credentialsExpireAt: credentials.expiration.getTime(),
    accountAccessKey: input.accessKey,
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
