import type { TFunction } from 'i18next';
import type { FieldProblem } from './tierRules.js';

/** A field's problem as the message under it (spec 002 §5 for the tier name's pattern). */
export function problemText(t: TFunction, problem: FieldProblem | undefined): string | undefined {
  if (!problem) return undefined;
  switch (problem.kind) {
    case 'tooShort':
      return t('tiers.problems.tooShort', { min: String(problem.min) });
    case 'tooLong':
      return t('tiers.problems.tooLong', { max: String(problem.max) });
    default:
      return t(`tiers.problems.${problem.kind}`);
  }
}
