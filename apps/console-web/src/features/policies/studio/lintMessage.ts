import type { TFunction } from 'i18next';
import type { PolicyLint } from './lintPolicy.js';

/** A lint problem's text in the user's language (`policyStudio.lint.<code>`). */
export const lintMessage = (t: TFunction, problem: PolicyLint): string =>
  t(`policyStudio.lint.${problem.code}` as 'policyStudio.lint.json', problem.params as { detail: string });
