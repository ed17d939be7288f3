import { Button } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../components/Can.js';
import { DashboardView } from './DashboardView.js';

/**
 * Spec 000 §2 "/metrics": the dashboard's widgets on the whole screen (the layout hides the
 * sidebar here), with the same time range; a way back for sessions that have the dashboard.
 */
export function MetricsPage() {
  const { t } = useTranslation();
  return (
    <DashboardView
      title={t('pages.metrics')}
      fullWidth
      actions={
        <Can page="/dashboard">
          <Button
            component={Link}
            to="/dashboard"
            variant="light"
            leftSection={<IconLayoutDashboard size="1rem" aria-hidden />}
          >
            {t('dashboard.backToDashboard')}
          </Button>
        </Can>
      }
    />
  );
}
