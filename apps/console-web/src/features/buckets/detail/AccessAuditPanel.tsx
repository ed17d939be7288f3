import { Tabs } from '@mantine/core';
import type { Policy } from '@stowage/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../../components/Can.js';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { QueryState } from '../../../components/QueryState.js';
import { ViewLink } from '../../../components/ViewLink.js';
import { policyPath } from '../../policies/PoliciesPage.js';
import { EffectivePermissionsTable } from '../../policy-simulation/EffectivePermissionsTable.js';
import { useBucketPoliciesQuery, useBucketUsersQuery } from './queries.js';

/** Spec 001 §2 "Access Audit": the policies reaching the bucket and, with /users, the users. */
export function AccessAuditPanel({ bucket }: { bucket: string }) {
  const { t } = useTranslation();
  const canSeeUsers = useCanOpen('/users');
  // Per user, as the simulator judges it: needs the users and their policies.
  const canSeeEffective = useCanOpen('/policies/simulator') && canSeeUsers;
  const policies = useBucketPoliciesQuery(bucket);
  const users = useBucketUsersQuery(bucket, canSeeUsers);
  const policyColumns = useMemo<Column<Policy>[]>(
    () => [{ header: t('policies.name'), cell: (p) => p.name }],
    [t],
  );
  const userColumns = useMemo<Column<string>[]>(
    () => [{ header: t('users.accessKey'), cell: (u) => u }],
    [t],
  );

  return (
    <Tabs defaultValue="policies" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="policies">{t('bucketDetail.auditPolicies')}</Tabs.Tab>
        {canSeeUsers && <Tabs.Tab value="users">{t('bucketDetail.auditUsers')}</Tabs.Tab>}
        {canSeeEffective && <Tabs.Tab value="effective">{t('policySimulator.tabs.effective')}</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="policies">
        <QueryState query={policies}>
          {(data) => (
            <DataTable
              label={t('bucketDetail.auditPolicies')}
              rows={data.policies}
              rowKey={(p) => p.name}
              columns={policyColumns}
              empty={t('bucketDetail.noEntity', { entity: t('bucketDetail.auditPolicies').toLowerCase() })}
              actionsHeader={t('common.actions')}
              actions={(p) => (
                <ViewLink to={policyPath(p.name)} label={t('policies.view', { policy: p.name })} />
              )}
            />
          )}
        </QueryState>
      </Tabs.Panel>
      {canSeeUsers && (
        <Tabs.Panel value="users">
          <QueryState query={users}>
            {(list) => (
              <DataTable
                label={t('bucketDetail.auditUsers')}
                rows={list}
                rowKey={(u) => u}
                columns={userColumns}
                empty={t('bucketDetail.noEntity', { entity: t('bucketDetail.auditUsers').toLowerCase() })}
                actionsHeader={t('common.actions')}
                actions={(u) => (
                  <ViewLink to={`/users/${encodeURIComponent(u)}`} label={t('users.view', { user: u })} />
                )}
              />
            )}
          </QueryState>
        </Tabs.Panel>
      )}
      {canSeeEffective && (
        <Tabs.Panel value="effective">
          <EffectivePermissionsTable subject={{ bucket }} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
