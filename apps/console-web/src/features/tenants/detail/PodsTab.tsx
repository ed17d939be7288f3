import { ActionIcon, Stack } from '@mantine/core';
import type { TenantPod } from '@stowage/contract';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ApiError } from '../../../api/ApiError.js';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { ViewLink } from '../../../components/ViewLink.js';
import { tokens } from '../../../theme/tokens.js';
import { formatDuration } from '../../../utils/format.js';
import { useTenantPods } from '../queries.js';
import { tenantPath } from '../tenantPath.js';
import { DeletePodDialog } from './DeletePodDialog.js';
import { PodDetail } from './PodDetail.js';
import { RightGate } from './RightGate.js';

/** `…/pods/{podName}` names the pod whose detail is open; `…/pods` the list. */
function openPod(pathname: string): string | undefined {
  const match = /\/pods\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** Spec 002 §2.4 Pods: the tenant's pods, with view and delete; `pods/{podName}` opens one. */
export function PodsTab({ namespace, tenant }: { namespace: string; tenant: string }) {
  const { pathname } = useLocation();
  const pod = openPod(pathname);
  const ref = useMemo(() => ({ namespace, tenant }), [namespace, tenant]);
  if (pod) return <PodDetail tenant={ref} pod={pod} />;
  return <PodList tenant={ref} />;
}

function PodList({ tenant }: { tenant: { namespace: string; tenant: string } }) {
  const { t } = useTranslation();
  const pods = useTenantPods(tenant);
  const [deleting, setDeleting] = useState<string | undefined>();
  const columns = useMemo<Column<TenantPod>[]>(() => {
    const now = Date.now() / 1000;
    return [
      { header: t('tenantTabs.pods.name'), cell: (p) => p.name, width: '2fr' },
      { header: t('tenantTabs.pods.status'), cell: (p) => p.status },
      // Spec 002 §9: the age is computed from the epoch seconds of its creation.
      { header: t('tenantTabs.pods.age'), cell: (p) => formatDuration(now - p.timeCreated) },
      { header: t('tenantTabs.pods.podIP'), cell: (p) => p.podIP },
      { header: t('tenantTabs.pods.restarts'), cell: (p) => String(p.restarts) },
      { header: t('tenantTabs.pods.node'), cell: (p) => p.node },
    ];
  }, [t]);
  return (
    <Stack>
      {pods.isError && (
        // Spec 002 §8: 'Error loading pods' with the detailed error.
        <ErrorBanner
          error={{
            message: t('tenantTabs.pods.loadError'),
            details: pods.error instanceof ApiError ? (pods.error.details ?? pods.error.message) : undefined,
          }}
        />
      )}
      <DataTable
        label={t('tenantTabs.pods.title')}
        rows={pods.data ?? []}
        rowKey={(p) => p.name}
        columns={columns}
        loading={pods.isPending}
        empty={t('tenantTabs.pods.empty')}
        actionsHeader={t('common.actions')}
        actions={(p) => (
          <>
            <ViewLink
              to={tenantPath(
                { namespace: tenant.namespace, name: tenant.tenant },
                `pods/${encodeURIComponent(p.name)}`,
              )}
              label={t('tenantTabs.pods.view', { name: p.name })}
            />
            <RightGate namespace={tenant.namespace} right="deletePod">
              <ActionIcon
                variant="subtle"
                color={tokens.color.danger}
                aria-label={t('tenantTabs.pods.delete', { name: p.name })}
                onClick={() => setDeleting(p.name)}
              >
                <IconTrash size="1.1rem" aria-hidden />
              </ActionIcon>
            </RightGate>
          </>
        )}
      />
      <DeletePodDialog tenant={tenant} pod={deleting} onClose={() => setDeleting(undefined)} />
    </Stack>
  );
}
