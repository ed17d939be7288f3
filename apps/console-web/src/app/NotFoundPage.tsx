import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tokens } from '../theme/tokens.js';

/** Spec 000 §2: page titled '404 Not Found' with a copyright footer. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack mih="100vh" justify="space-between" p="xl" bg={tokens.color['bg-canvas']}>
      <Center component="main" style={{ flex: 1 }}>
        <Title order={1}>{t('errors.notFound')}</Title>
      </Center>
      <Text component="footer" ta="center" size="sm" c={tokens.color['text-muted']}>
        {t('app.copyright', { year: String(new Date().getFullYear()) })}
      </Text>
    </Stack>
  );
}
