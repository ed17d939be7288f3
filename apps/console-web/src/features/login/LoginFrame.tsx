import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../theme/tokens.js';
import { DeploymentName } from '../deployments/DeploymentSwitcher.js';
import { useUploadsAwaitingSignIn } from '../objects/awaitingSignIn.js';

/** The centred card every login variant sits in. */
export function LoginFrame({ heading, children }: { heading?: string; children: ReactNode }) {
  const { t } = useTranslation();
  // Uploads outlive a lapsed session: say they wait for this sign-in.
  const waiting = useUploadsAwaitingSignIn();
  return (
    <Center component="main" mih="100vh" p="md" bg={tokens.color['bg-canvas']}>
      <Paper withBorder shadow="sm" p="xl" w="100%" maw="26rem" bg={tokens.color['bg-surface']}>
        <Stack gap="lg">
          <Text fw={700} size="xl" c={tokens.color.accent}>
            {t('app.name')}
          </Text>
          <DeploymentName />
          {heading && (
            <Title order={1} size="h3">
              {heading}
            </Title>
          )}
          {waiting > 0 && (
            <Text size="sm" role="status" c={tokens.color.warning}>
              {t('objects.transfersAwaitSignIn', { count: waiting })}
            </Text>
          )}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
