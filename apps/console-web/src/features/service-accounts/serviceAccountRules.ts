import type { NewServiceAccount } from './queries.js';

/** MinIO's limits on a chosen access key and secret key. */
export const ACCESS_KEY_PATTERN = /^[A-Za-z0-9_.@=,+-]{3,20}$/;
export const SECRET_KEY_LENGTH = { min: 8, max: 40 } as const;

export type ServiceAccountProblem = 'policyJson' | 'accessKey' | 'secretKey';

/** The first thing wrong with a draft, checked before any call; undefined when it can be sent. */
export function serviceAccountProblem(draft: NewServiceAccount): ServiceAccountProblem | undefined {
  if (draft.policy.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(draft.policy);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'policyJson';
    } catch {
      return 'policyJson';
    }
  }
  if (draft.keys) {
    if (!ACCESS_KEY_PATTERN.test(draft.keys.accessKey)) return 'accessKey';
    const length = draft.keys.secretKey.length;
    if (length < SECRET_KEY_LENGTH.min || length > SECRET_KEY_LENGTH.max) return 'secretKey';
  }
  return undefined;
}
