import type { TFunction } from 'i18next';
import { problemText as formProblemText } from '../../forms/problemText.js';
import type { FieldProblem } from '../../forms/schemaRules.js';

/** A field's problem as the message under it (spec 002 §5 for the tier name's pattern). */
export const problemText = (t: TFunction, problem: FieldProblem | undefined): string | undefined =>
  formProblemText(t, problem, { pattern: t('tiers.problems.pattern') });
