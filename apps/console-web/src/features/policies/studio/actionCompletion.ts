import { POLICY_ACTIONS } from '@stowage/contract/policy-catalogue';

// Completing action names in the JSON editor: only inside a string that is the value (or an
// item of the array value) of "Action" or "NotAction". Plain text tests, so a half-typed
// document (which the JSON parser cannot read yet) still completes.

/** The open string just before the cursor: its opening quote and what was typed after it. */
const OPEN_STRING = /"([A-Za-z0-9:*?-]*)$/;
/** `"Action": ` or `"NotAction": [ "a", ` right before that string. */
const IN_ACTION = /"(Not)?Action"\s*:\s*(\[\s*("[^"]*"\s*,\s*)*)?$/;

export interface ActionCompletion {
  /** Where the typed name starts (after the quote). */
  from: number;
  options: string[];
}

/** Completions for the text before the cursor, or undefined when it is not in an action. */
export function completeAction(textBefore: string): ActionCompletion | undefined {
  const open = OPEN_STRING.exec(textBefore);
  if (!open) return undefined;
  const quote = textBefore.length - open[0].length;
  if (!IN_ACTION.test(textBefore.slice(0, quote))) return undefined;
  const typed = (open[1] ?? '').toLowerCase();
  return {
    from: quote + 1,
    options: POLICY_ACTIONS.filter((action) => action.toLowerCase().includes(typed)),
  };
}
