import { Alert, Button, Group, Progress, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CanDo } from '../components/Can.js';
import { ErrorBanner } from '../components/ErrorBanner.js';
import { useRestartService } from '../features/service/queries.js';
import { tokens } from '../theme/tokens.js';
import { useServerState } from './serverState.js';

/** Spec 000 §2/§4: the top bar shown while the server needs a restart, with its Restart button. */
export function RestartBar() {
  const { t } = useTranslation();
  const { needsRestart, loading } = useServerState();
  const restart = useRestartService();
  if (!needsRestart && !loading && !restart.error) return null;
  return (
    <>
      {loading && <Progress value={100} animated size="xs" aria-label={t('restart.restarting')} />}
      {(needsRestart || loading) && (
        <Alert color={tokens.color.warning} variant="light" radius={0} role="status" mb="md">
          <Group justify="space-between">
            <Text size="sm">{loading ? t('restart.restarting') : t('restart.needed')}</Text>
            {!loading && (
              <CanDo action="admin:ServiceRestart">
                <Button
                  size="xs"
                  leftSection={<IconRefresh size="1rem" aria-hidden />}
                  onClick={() => restart.mutate()}
                >
                  {t('restart.restart')}
                </Button>
              </CanDo>
            )}
          </Group>
        </Alert>
      )}
      <ErrorBanner error={restart.error} onClose={() => restart.reset()} />
    </>
  );
}
