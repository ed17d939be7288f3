import type { EncryptionInfo } from '@stowage/contract';

/** A bucket's default encryption as the Summary shows it and its dialog edits it. */
export interface EncryptionChoice {
  type: 'disabled' | 'sse-s3' | 'sse-kms';
  /** The KMS key; '' unless the type is sse-kms. */
  kmsKeyID: string;
}

/** Spec 001 §3: AES256 means sse-s3, any other algorithm sse-kms; no configuration (null) is disabled. */
export function encryptionChoice(info: EncryptionInfo | null): EncryptionChoice {
  if (!info) return { type: 'disabled', kmsKeyID: '' };
  if (info.algorithm === 'AES256') return { type: 'sse-s3', kmsKeyID: '' };
  return { type: 'sse-kms', kmsKeyID: info.kmsMasterKeyID };
}

/** Whether saving `next` would change `current`: an unchanged setting is never rewritten. */
export function encryptionChanged(current: EncryptionChoice, next: EncryptionChoice): boolean {
  if (current.type !== next.type) return true;
  return next.type === 'sse-kms' && current.kmsKeyID !== next.kmsKeyID.trim();
}
