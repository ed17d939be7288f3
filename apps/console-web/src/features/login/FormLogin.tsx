import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { LoginFrame } from './LoginFrame.js';
import { useLoginMutation } from './queries.js';
import { SubmitProgress } from './SubmitProgress.js';

/** Strategy `form`: access key and secret key. */
export function FormLogin() {
  const { t } = useTranslation();
  const [accessKey, setAccessKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const login = useLoginMutation();
  const submitting = login.isPending;
  // Spec 000 §5: disabled while either field is empty or while submitting.
  const canSubmit = accessKey !== '' && secretKey !== '' && !submitting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) login.mutate({ accessKey, secretKey });
  };

  return (
    <LoginFrame heading={t('login.consoleHeading')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <ErrorBanner error={login.error} onClose={login.reset} />
          <TextInput
            aria-label={t('login.username')}
            placeholder={t('login.username')}
            autoComplete="username"
            value={accessKey}
            onChange={(event) => setAccessKey(event.currentTarget.value)}
            disabled={submitting}
            data-autofocus
          />
          <PasswordInput
            aria-label={t('login.password')}
            placeholder={t('login.password')}
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
            value={secretKey}
            onChange={(event) => setSecretKey(event.currentTarget.value)}
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
