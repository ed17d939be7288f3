import { Progress } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Spec 000 §2: a progress bar shows while a login is submitting. */
export function SubmitProgress({ active }: { active: boolean }) {
  const { t } = useTranslation();
  if (!active) return null;
  return <Progress value={100} animated striped size="sm" aria-label={t('login.submitting')} />;
}
