import { MIN_PASSWORD_LENGTH } from '../users/userRules.js';

export interface OwnPasswordDraft {
  current: string;
  next: string;
  repeat: string;
}

export type OwnPasswordProblem = 'mismatch' | 'tooShort';

/** Spec 000 §5: Save waits for all three fields. */
export const ownPasswordComplete = (draft: OwnPasswordDraft) =>
  draft.current !== '' && draft.next !== '' && draft.repeat !== '';

/** Spec 000 §5: the new passwords must match and be at least 8 characters long. */
export function ownPasswordProblem(draft: OwnPasswordDraft): OwnPasswordProblem | undefined {
  if (draft.repeat !== '' && draft.next !== draft.repeat) return 'mismatch';
  if (draft.next !== '' && draft.next.length < MIN_PASSWORD_LENGTH) return 'tooShort';
  return undefined;
}

/** Spec 000 §5: another user's new password needs a non-empty repeat equal to it. */
export const userPasswordSavable = (next: string, repeat: string) =>
  repeat !== '' && next === repeat && next.length >= MIN_PASSWORD_LENGTH;
