import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading.js';
import { FormLogin } from './FormLogin.js';
import { LoginFrame } from './LoginFrame.js';
import { OperatorLogin } from './OperatorLogin.js';
import { useLoginDetailsQuery } from './queries.js';

/** /login: the variant follows the strategy the server reports (spec 000 §2). */
export function LoginPage() {
  const { t } = useTranslation();
  const details = useLoginDetailsQuery();

  if (details.isPending) {
    return (
      <main>
        <Loading fullPage />
      </main>
    );
  }
  const strategy = details.data?.loginStrategy ?? 'unknown';
  switch (strategy) {
    case 'form':
      return <FormLogin />;
    case 'service-account':
      return <OperatorLogin />;
    case 'redirect':
      return (
        <LoginFrame heading={t('login.ssoHeading')}>
          <Button component="a" href={details.data?.redirect} fullWidth>
            {t('login.sso')}
          </Button>
        </LoginFrame>
      );
    case 'unknown':
      // Spec 000 §4: a failed fetch leaves the strategy unknown, with Retry.
      return (
        <LoginFrame>
          <Stack align="flex-start">
            <Text role="alert">{t('login.backendUnreachable')}</Text>
            <Button variant="light" onClick={() => void details.refetch()} loading={details.isFetching}>
              {t('common.retry')}
            </Button>
          </Stack>
        </LoginFrame>
      );
  }
}
