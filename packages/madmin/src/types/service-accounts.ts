import type { GoTime } from './common.js';
import type { PolicyDocument } from './policy.js';

/** Encrypted body of PUT /add-service-account. */
export interface AddServiceAccountRequest {
  policy?: PolicyDocument;
  targetUser?: string;
  accessKey?: string;
  secretKey?: string;
  comment?: string;
  /** Stowage extension: when the account stops working (MinIO of this era ignores it). */
  expiration?: GoTime;
}

export interface ServiceAccountCredentials {
  accessKey: string;
  secretKey: string;
  expiration: GoTime;
}

/** Encrypted body of POST /update-service-account; an empty policy object removes it. */
export interface UpdateServiceAccountRequest {
  newPolicy?: PolicyDocument | Record<string, never>;
  newSecretKey?: string;
  newStatus?: 'on' | 'off' | 'enabled' | 'disabled';
  newComment?: string;
}

/** Encrypted reply of GET /info-service-account. */
export interface ServiceAccountInfo {
  parentUser: string;
  accountStatus: 'on' | 'off';
  impliedPolicy: boolean;
  /** The policy as indented JSON text (the parent's when implied). */
  policy: string;
  comment?: string;
  expiration?: GoTime;
}
