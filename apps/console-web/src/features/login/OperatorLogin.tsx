import { Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { LoginFrame } from './LoginFrame.js';
import { useOperatorLoginMutation } from './queries.js';
import { SubmitProgress } from './SubmitProgress.js';

/** Strategy `service-account`: a Kubernetes service-account JWT. */
export function OperatorLogin() {
  const { t } = useTranslation();
  const [jwt, setJwt] = useState('');
  const login = useOperatorLoginMutation();
  const submitting = login.isPending;
  // Spec 000 §5: disabled while the JWT is empty or while submitting.
  const canSubmit = jwt !== '' && !submitting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) login.mutate({ jwt });
  };

  return (
    <LoginFrame heading={t('login.operatorHeading')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner error={login.error} onClose={login.reset} />
          <TextInput
            label={t('login.jwt')}
            autoComplete="off"
            value={jwt}
            onChange={(event) => setJwt(event.currentTarget.value)}
            disabled={submitting}
          />
          <Button type="submit" disabled={!canSubmit} fullWidth>
            {t('login.submit')}
          </Button>
          <SubmitProgress active={submitting} />
        </Stack>
      </form>
    </LoginFrame>
  );
}
