import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { PageHeader } from '../../components/PageHeader.js';
import { EffectivePermissions } from './EffectivePermissions.js';
import { useSimulatePolicy } from './queries.js';
import { SimulationForm } from './SimulationForm.js';
import { SimulationResult } from './SimulationResult.js';

/**
 * The policy simulator (issue 42): would a user, group or access key be allowed an action,
 * answered by the server with the store's own evaluation, and which statement decided.
 */
export function SimulatorPage() {
  const { t } = useTranslation();
  const simulate = useSimulatePolicy();
  return (
    <>
      <PageHeader title={t('policySimulator.title')} />
      <Tabs defaultValue="simulate" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="simulate">{t('policySimulator.tabs.simulate')}</Tabs.Tab>
          <Tabs.Tab value="effective">{t('policySimulator.tabs.effective')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="simulate">
          <Stack gap="lg">
            <SimulationForm busy={simulate.isPending} onSubmit={(request) => simulate.mutate(request)} />
            {simulate.error && <ErrorBanner error={simulate.error} />}
            {simulate.data && <SimulationResult result={simulate.data} />}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="effective">
          <EffectivePermissions />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
