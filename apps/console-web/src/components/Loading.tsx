import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** An indeterminate spinner announced as 'Loading'. */
export function Loading({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullPage ? '100vh' : undefined} py={fullPage ? undefined : 'xl'}>
      <Loader role="progressbar" aria-label={t('common.loading')} />
    </Center>
  );
}
