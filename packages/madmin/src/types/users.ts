import type { GoTime } from './common.js';

export type AccountStatus = 'enabled' | 'disabled';

/** One entry of GET /list-users (encrypted) and the body of GET /user-info. */
export interface UserInfo {
  /** Never sent by the server. */
  secretKey?: string;
  /** Comma-separated policy names. */
  policyName?: string;
  status: AccountStatus;
  memberOf?: string[];
  /** When the policy mapping last changed; the zero time when there is none. */
  updatedAt: GoTime;
}

/** Encrypted body of PUT /add-user?accessKey=… */
export interface AddOrUpdateUserRequest {
  secretKey: string;
  status: AccountStatus;
}
