import { Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/PageHeader.js';
import { tokens } from '../theme/tokens.js';

/**
 * Screens the route table knows but this release does not build yet. `nested`: a section
 * inside a page that has its own h1 (Settings, bucket detail), so the title is an h2.
 */
export function PlaceholderPage({ title, nested = false }: { title: string; nested?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {nested ? (
        <Title order={2} size="h3" mb="md">
          {title}
        </Title>
      ) : (
        <PageHeader title={title} />
      )}
      <Text c={tokens.color['text-muted']}>{t('common.comingLater')}</Text>
    </>
  );
}
