import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader.js';
import { tokens } from '../theme/tokens.js';

/** Screens the route table knows but this release does not build yet. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} />
      <Text c={tokens.color['text-muted']}>{t('common.comingLater')}</Text>
    </>
  );
}
