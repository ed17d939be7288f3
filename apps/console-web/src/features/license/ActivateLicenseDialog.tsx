import {
  Button,
  Divider,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { modalMessage } from '../../components/FormDialog.js';
import { showSnackbar } from '../../components/snackbar.js';
import { useActivateSubscription } from './queries.js';

/**
 * Spec 002 §2.8, §4, §5, §8 (operator mode): activate a licence with its key or, without one,
 * with the SUBNET account's email and password. Success closes the dialog; a failure shows
 * SUBNET's or the server's reason and clears the fields; closing clears them too.
 */
export function ActivateLicenseDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const activate = useActivateSubscription();
  const [key, setKey] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const error = useMemo(() => modalMessage(activate.error), [activate.error]);
  const clear = () => {
    setKey('');
    setEmail('');
    setPassword('');
  };
  const close = () => {
    activate.reset();
    clear();
    onClose();
  };
  const submit = (body: { license: string } | { email: string; password: string }) =>
    activate.mutate(body, {
      onSuccess: (license) => {
        close();
        showSnackbar(t('license.activate.done', { organization: license.organization }));
      },
      onError: clear,
    });
  const busy = activate.isPending;

  return (
    <Modal opened={opened} onClose={close} title={t('license.activate.title')} centered>
      <Stack>
        <ErrorBanner error={error} onClose={() => activate.reset()} />
        <form
          aria-label={t('license.activate.keyForm')}
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy && key.trim()) submit({ license: key.trim() });
          }}
        >
          <Stack gap="sm">
            <Textarea
              label={t('license.activate.key')}
              description={t('license.activate.keyHint')}
              value={key}
              onChange={(event) => setKey(event.currentTarget.value)}
              rows={4}
              spellCheck={false}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={busy || key.trim() === ''} loading={busy && key !== ''}>
                {t('license.activate.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
        <Divider label={t('license.activate.or')} labelPosition="center" />
        <form
          aria-label={t('license.activate.accountForm')}
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy && email && password) submit({ email, password });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('license.activate.accountHint')}</Text>
            <TextInput
              label={t('license.activate.email')}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <PasswordInput
              label={t('license.activate.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                variant="default"
                disabled={busy || email === '' || password === ''}
                loading={busy && email !== ''}
              >
                {t('license.activate.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
