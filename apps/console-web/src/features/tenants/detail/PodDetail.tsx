import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../components/BackLink.js';
import { tenantPath } from '../tenantPath.js';
import { PodEvents } from './PodEvents.js';
import { PodLogs } from './PodLogs.js';
import type { TenantRef } from './queries.js';

/** Spec 002 §2.4 pod detail (`pods/{podName}`): tabs Events and Logs. */
export function PodDetail({ tenant, pod }: { tenant: TenantRef; pod: string }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <BackLink
        to={tenantPath({ namespace: tenant.namespace, name: tenant.tenant }, 'pods')}
        label={t('tenantTabs.pod.back')}
      />
      <Title order={2}>{pod}</Title>
      <Tabs defaultValue="events" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="events">{t('tenantTabs.pod.events')}</Tabs.Tab>
          <Tabs.Tab value="logs">{t('tenantTabs.pod.logs')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="events" pt="md">
          <PodEvents tenant={tenant} pod={pod} />
        </Tabs.Panel>
        <Tabs.Panel value="logs" pt="md">
          <PodLogs tenant={tenant} pod={pod} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
