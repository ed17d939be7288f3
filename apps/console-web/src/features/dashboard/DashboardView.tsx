import { Button, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Loading } from '../../components/Loading.js';
import { PageHeader } from '../../components/PageHeader.js';
import { GeneralStatus } from './GeneralStatus.js';
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

/** Spec 000 §2 "Dashboard": widgets over a time range when the server has them, else the general status. */
export function DashboardView({ title, actions, fullWidth = false }: DashboardViewProps) {
  const { t } = useTranslation();
  const [range, setRange] = useState(defaultRange);
  const info = useAdminInfoQuery(range);

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
        widgets={info.data.widgets}
        range={range}
        onRangeChange={setRange}
        onSync={() => {
          // Sync moves the range to end now; within the same second it reloads in place.
          const now = nowSeconds();
          if (now === range.end) void info.refetch();
          else setRange({ start: range.start + (now - range.end), end: now });
        }}
        syncing={info.isFetching}
        fullWidth={fullWidth}
      />
    );
  else body = <GeneralStatus info={info.data} />;

  return (
    <>
      <PageHeader title={title} actions={actions} />
      {body}
    </>
  );
}
