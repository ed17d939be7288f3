import { Button, Stack } from '@mantine/core';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dashboardKeys } from '../../api/queryKeys.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Loading } from '../../components/Loading.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useSession } from '../session/SessionProvider.js';
import { GeneralStatus } from './GeneralStatus.js';
import { HealProgress } from './HealProgress.js';
import { useAdminInfoQuery } from './queries.js';
import { defaultRange, nowSeconds } from './timeRange.js';
import { WidgetsDashboard } from './WidgetsDashboard.js';

interface DashboardViewProps {
  title: string;
  /** Toolbar beside the title. */
  actions?: ReactNode;
  /** The widgets take the whole width (the /metrics screen, which has no sidebar). */
  fullWidth?: boolean;
}

/**
 * Spec 000 §2 "Dashboard": widgets over a time range when the server lists some, else the
 * general status. Each widget is its own call (spec 001 §7), so one failing leaves the rest.
 */
export function DashboardView({ title, actions, fullWidth = false }: DashboardViewProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState(defaultRange);
  const info = useAdminInfoQuery();
  const queryClient = useQueryClient();
  const syncing = useIsFetching({ queryKey: dashboardKeys.widgets() }) > 0;
  const session = useSession();
  const user = session.status === 'authenticated' ? session.session.accessKey : '';

  let body: ReactNode;
  if (info.isPending) body = <Loading />;
  else if (info.isError)
    body = (
      <Stack align="flex-start">
        <ErrorBanner error={{ message: t('dashboard.widgetsUnavailable'), details: info.error.message }} />
        <Button variant="light" onClick={() => void info.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    );
  else if (info.data.widgets.length > 0)
    body = (
      <WidgetsDashboard
        key={user}
        widgets={info.data.widgets}
        user={user}
        range={range}
        onRangeChange={setRange}
        onSync={() => {
          // Sync moves the range to end now; within the same second it reloads what is on
          // screen (not the cached charts of earlier ranges).
          const now = nowSeconds();
          if (now === range.end)
            void queryClient.refetchQueries({ queryKey: dashboardKeys.widgets(), type: 'active' });
          else setRange({ start: range.start + (now - range.end), end: now });
        }}
        syncing={syncing}
        fullWidth={fullWidth}
      />
    );
  else body = <GeneralStatus info={info.data} />;

  return (
    <>
      <PageHeader title={title} actions={actions} />
      <Stack>
        {info.data && <HealProgress info={info.data} />}
        {body}
      </Stack>
    </>
  );
}
