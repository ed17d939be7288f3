import type { TFunction } from 'i18next';
import type { FieldProblem } from './schemaRules.js';

/** Where the spec names a message for a problem, the form passes it here. */
export type ProblemMessages = Partial<Record<FieldProblem['kind'], string>>;

/** A field's problem as the message under it: the spec's own message when given, else the generic one. */
export function problemText(
  t: TFunction,
  problem: FieldProblem | undefined,
  messages: ProblemMessages = {},
): string | undefined {
  if (!problem) return undefined;
  const own = messages[problem.kind];
  if (own !== undefined) return own;
  switch (problem.kind) {
    case 'tooShort':
      return t('forms.problems.tooShort', { min: String(problem.min) });
    case 'tooLong':
      return t('forms.problems.tooLong', { max: String(problem.max) });
    default:
      return t(`forms.problems.${problem.kind}`);
  }
}
