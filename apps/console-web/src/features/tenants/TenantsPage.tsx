import { ActionIcon, Button, Group } from '@mantine/core';
import type { TenantListItem } from '@stowage/contract';
import { IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable.js';
import { OperatorCan } from '../../components/OperatorCan.js';
import { PageHeader } from '../../components/PageHeader.js';
import { QueryState } from '../../components/QueryState.js';
import { SearchBox } from '../../components/SearchBox.js';
import { ViewLink } from '../../components/ViewLink.js';
import { tokens } from '../../theme/tokens.js';
import { formatBytes } from '../../utils/format.js';
import { DeleteTenantDialog } from './DeleteTenantDialog.js';
import { TenantHealthIcon } from './health.js';
import { useTenantsQuery } from './queries.js';
import { tenantPath } from './tenantPath.js';

type TenantRow = Pick<TenantListItem, 'name' | 'namespace'>;

/** Spec 002 §2.3: the tenants of every namespace the token may see. */
export function TenantsPage() {
  const { t } = useTranslation();
  const tenants = useTenantsQuery();
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<TenantRow | undefined>();

  const columns = useMemo<Column<TenantListItem>[]>(
    () => [
      {
        header: t('tenants.columns.name'),
        cell: (tenant) => (
          <Group gap="xs" wrap="nowrap">
            <TenantHealthIcon status={tenant.health_status} />
            {tenant.name}
          </Group>
        ),
      },
      { header: t('tenants.columns.namespace'), cell: (tenant) => tenant.namespace },
      { header: t('tenants.columns.capacity'), cell: (tenant) => formatBytes(tenant.total_size) },
      { header: t('tenants.columns.pools'), cell: (tenant) => tenant.pool_count },
      { header: t('tenants.columns.state'), cell: (tenant) => tenant.currentState },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('pages.tenants')}
        actions={
          <>
            <SearchBox label={t('tenants.search')} value={search} onChange={setSearch} />
            <Button
              variant="default"
              leftSection={<IconRefresh size="1rem" aria-hidden />}
              loading={tenants.isFetching}
              onClick={() => void tenants.refetch()}
            >
              {t('tenants.refresh')}
            </Button>
            <OperatorCan right="createTenant">
              <Button component={Link} to="/tenants/add" leftSection={<IconPlus size="1rem" aria-hidden />}>
                {t('tenants.create')}
              </Button>
            </OperatorCan>
          </>
        }
      />
      <QueryState query={tenants}>
        {(data) => {
          const needle = search.trim().toLowerCase();
          const shown = data.tenants.filter(
            (tenant) =>
              tenant.name.toLowerCase().includes(needle) || tenant.namespace.toLowerCase().includes(needle),
          );
          return (
            <DataTable
              label={t('pages.tenants')}
              rows={shown}
              rowKey={(tenant) => `${tenant.namespace}/${tenant.name}`}
              columns={columns}
              empty={data.tenants.length === 0 ? t('tenants.empty') : t('tenants.noMatch')}
              actionsHeader={t('common.actions')}
              actions={(tenant) => (
                <Group gap={4} wrap="nowrap">
                  <ViewLink to={tenantPath(tenant)} label={t('tenants.view', { tenant: tenant.name })} />
                  <OperatorCan
                    right="deleteTenant"
                    namespace={tenant.namespace}
                    tooltip={t('tenants.deleteRow', { tenant: tenant.name })}
                  >
                    <ActionIcon
                      variant="subtle"
                      color={tokens.color.danger}
                      onClick={() => setDeleting(tenant)}
                      aria-label={t('tenants.deleteRow', { tenant: tenant.name })}
                    >
                      <IconTrash size="1.1rem" aria-hidden />
                    </ActionIcon>
                  </OperatorCan>
                </Group>
              )}
            />
          );
        }}
      </QueryState>
      <DeleteTenantDialog
        tenant={deleting}
        onClose={() => setDeleting(undefined)}
        onDeleted={() => setDeleting(undefined)}
      />
    </>
  );
}
