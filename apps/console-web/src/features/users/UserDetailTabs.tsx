import { Button, Group } from '@mantine/core';
import type { User } from '@stowage/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanDo } from '../../components/Can.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { ViewLink } from '../../components/ViewLink.js';
import { SetPoliciesDialog } from '../policies/SetPoliciesDialog.js';
import { SetGroupsDialog } from './SetGroupsDialog.js';

const nameColumn = (header: string): Column<string>[] => [{ header, cell: (name) => name }];

/** The user's groups and Add to Groups. */
export function UserGroupsTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const columns = useMemo(() => nameColumn(t('groups.name')), [t]);
  return (
    <>
      <Group justify="flex-end" mb="md">
        <CanDo action="admin:AddUserToGroup">
          <Button onClick={() => setEditing(true)}>{t('users.addToGroups')}</Button>
        </CanDo>
      </Group>
      <DataTable
        label={t('users.groups')}
        rows={user.memberOf}
        rowKey={(g) => g}
        columns={columns}
        empty={t('users.noMemberships')}
      />
      <SetGroupsDialog user={user} opened={editing} onClose={() => setEditing(false)} />
    </>
  );
}

/** The user's own policies, Assign Policies, and a view link to each. */
export function UserPoliciesTab({ user }: { user: User }) {
  const { t } = useTranslation();
  const [assigning, setAssigning] = useState(false);
  const columns = useMemo(() => nameColumn(t('users.policy')), [t]);
  const entity = useMemo(
    () => (assigning ? { type: 'user' as const, name: user.accessKey } : undefined),
    [assigning, user.accessKey],
  );
  return (
    <>
      <Group justify="flex-end" mb="md">
        <CanDo action="admin:AttachUserOrGroupPolicy">
          <Button onClick={() => setAssigning(true)}>{t('users.assignPolicies')}</Button>
        </CanDo>
      </Group>
      <DataTable
        label={t('users.policies')}
        rows={user.policy}
        rowKey={(p) => p}
        columns={columns}
        empty={t('users.noUserPolicies')}
        actionsHeader={t('common.actions')}
        actions={(p) => (
          <ViewLink to={`/policies/${encodeURIComponent(p)}`} label={t('users.viewPolicy', { policy: p })} />
        )}
      />
      <SetPoliciesDialog entity={entity} current={user.policy} onClose={() => setAssigning(false)} />
    </>
  );
}
