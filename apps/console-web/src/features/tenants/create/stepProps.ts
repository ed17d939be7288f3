import { useTranslation } from 'react-i18next';
import type { Problem, Problems } from './stepRules.js';
import type { WizardForm } from './wizardState.js';

/** What every step gets: the form, a patcher, and its problems with whether to show them. */
export interface StepProps {
  form: WizardForm;
  set: (patch: Partial<WizardForm>) => void;
  problems: Problems;
  /** After a refused Next every message shows; before, only those of filled fields. */
  showAll: boolean;
}

/** The message key of `field` when it should be shown. */
export function shownProblem(props: StepProps, field: string, value: unknown): Problem | undefined {
  const problem = props.problems[field];
  if (!problem) return undefined;
  return props.showAll || (typeof value === 'string' && value !== '') ? problem : undefined;
}

/** `problem(field, value)`: the translated message of `field`, when it should be shown. */
export function useProblemText(props: StepProps) {
  const { t } = useTranslation();
  return (field: string, value: string) => {
    const key = shownProblem(props, field, value);
    return key ? t(`tenantWizard.problems.${key}`) : undefined;
  };
}
