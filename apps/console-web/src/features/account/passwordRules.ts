import type { FieldProblem } from '../../forms/schemaRules.js';
import { PASSWORD_RULES, passwordProblem } from '../users/userRules.js';

export interface OwnPasswordDraft {
  current: string;
  next: string;
  repeat: string;
}

export type OwnPasswordProblem = 'mismatch' | FieldProblem;

/** Spec 000 §5: Save waits for all three fields. */
export const ownPasswordComplete = (draft: OwnPasswordDraft) =>
  draft.current !== '' && draft.next !== '' && draft.repeat !== '';

/** Spec 000 §5: the new passwords must match and follow the contract's rules (at least 8 characters). */
export function ownPasswordProblem(draft: OwnPasswordDraft): OwnPasswordProblem | undefined {
  if (draft.repeat !== '' && draft.next !== draft.repeat) return 'mismatch';
  return passwordProblem(PASSWORD_RULES.ownChange, draft.next);
}

/** Spec 000 §5: another user's new password needs a non-empty repeat equal to it. */
export const userPasswordSavable = (next: string, repeat: string) =>
  repeat !== '' && next === repeat && passwordProblem(PASSWORD_RULES.userChange, next) === undefined;
