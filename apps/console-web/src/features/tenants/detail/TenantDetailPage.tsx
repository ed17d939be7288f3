import { ActionIcon, Anchor, Breadcrumbs, Group, NavLink, Stack, Tabs, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCode, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { tenantKeys } from '../../../api/queryKeys.js';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { Loading } from '../../../components/Loading.js';
import { OperatorCan } from '../../../components/OperatorCan.js';
import { tokens } from '../../../theme/tokens.js';
import { DeleteTenantDialog } from '../DeleteTenantDialog.js';
import { TenantHealthIcon } from '../health.js';
import { useTenantQuery } from '../queries.js';
import { tenantPath } from '../tenantPath.js';
import { EditYamlDialog } from './EditYamlDialog.js';
import { activeTab, TENANT_TABS } from './tabs.js';

/**
 * Spec 002 §2.4: the tenant's header (Delete, Edit YAML, Refresh), its side menu (tabs on small
 * screens) and the tab the path names; a bare or unknown path goes to …/summary.
 */
export function TenantDetailPage() {
  const { t } = useTranslation();
  const { tenantNamespace: namespace = '', tenantName: tenant = '', '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const detail = useTenantQuery({ namespace, tenant });
  const small = useMediaQuery('(max-width: 48em)');
  const [deleting, setDeleting] = useState(false);
  const [editingYaml, setEditingYaml] = useState(false);
  const segment = rest.split('/')[0];
  const tab = activeTab(segment);
  const ref = { namespace, name: tenant };

  if (segment !== tab.segment) return <Navigate to={tenantPath(ref, tab.segment)} replace />;

  const label = (key: (typeof TENANT_TABS)[number]['labelKey']) => t(`tenantDetail.tabs.${key}`);
  return (
    <>
      <Breadcrumbs component="nav" mb="sm" aria-label={t('tenantDetail.breadcrumb')}>
        <Anchor component={Link} to="/tenants">
          {t('pages.tenants')}
        </Anchor>
        <span aria-current="page">{tenant}</span>
      </Breadcrumbs>
      <Group justify="space-between" mb="lg" wrap="wrap">
        <Group gap="sm">
          {detail.data && <TenantHealthIcon status={detail.data.status.health_status} />}
          <Title order={1} size="h2">
            {tenant}
          </Title>
        </Group>
        <Group gap="xs">
          <OperatorCan right="deleteTenant" namespace={namespace} tooltip={t('tenantDetail.actions.delete')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              color={tokens.color.danger}
              onClick={() => setDeleting(true)}
              aria-label={t('tenantDetail.actions.delete')}
            >
              <IconTrash size="1.2rem" aria-hidden />
            </ActionIcon>
          </OperatorCan>
          <OperatorCan
            right="updateTenant"
            namespace={namespace}
            tooltip={t('tenantDetail.actions.editYaml')}
          >
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={() => setEditingYaml(true)}
              aria-label={t('tenantDetail.actions.editYaml')}
            >
              <IconCode size="1.2rem" aria-hidden />
            </ActionIcon>
          </OperatorCan>
          <Tooltip label={t('tenantDetail.actions.refresh')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              loading={detail.isFetching}
              onClick={() =>
                void client.invalidateQueries({ queryKey: tenantKeys.detail(namespace, tenant) })
              }
              aria-label={t('tenantDetail.actions.refresh')}
            >
              <IconRefresh size="1.2rem" aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {detail.isError && <ErrorBanner error={detail.error} />}
      {small ? (
        <Tabs
          value={tab.segment}
          onChange={(value) => value && void navigate(tenantPath(ref, value))}
          mb="md"
        >
          <Tabs.List aria-label={t('tenantDetail.menu')}>
            {TENANT_TABS.map((entry) => (
              <Tabs.Tab key={entry.segment} value={entry.segment}>
                {label(entry.labelKey)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}
      <Group align="flex-start" wrap="nowrap" gap="xl">
        {!small && (
          <Stack component="nav" aria-label={t('tenantDetail.menu')} gap={2} miw="12rem">
            {TENANT_TABS.map((entry) => (
              <NavLink
                key={entry.segment}
                component={Link}
                to={tenantPath(ref, entry.segment)}
                label={label(entry.labelKey)}
                active={entry.segment === tab.segment}
                aria-current={entry.segment === tab.segment ? 'page' : undefined}
              />
            ))}
          </Stack>
        )}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Suspense fallback={<Loading />}>
            <tab.Component namespace={namespace} tenant={tenant} />
          </Suspense>
        </div>
      </Group>
      <DeleteTenantDialog
        tenant={deleting ? ref : undefined}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/tenants')}
      />
      <EditYamlDialog
        namespace={namespace}
        tenant={tenant}
        opened={editingYaml}
        onClose={() => setEditingYaml(false)}
      />
    </>
  );
}
