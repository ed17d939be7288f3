import { Button, Group } from '@mantine/core';
import { IconPencil, IconShieldCheck, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateRequest } from '../../app/useCreateRequest.js';
import { CanDo } from '../../components/Can.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { PageHeader } from '../../components/PageHeader.js';
import { QueryState } from '../../components/QueryState.js';
import { RowAction } from '../../components/RowAction.js';
import { SearchBox } from '../../components/SearchBox.js';
import { SetPoliciesDialog } from '../policies/SetPoliciesDialog.js';
import { GroupDialog } from './GroupDialog.js';
import { useGroupQuery, useGroupsQuery, useRemoveGroup } from './queries.js';

/** The group entity keeps its policies as one comma-separated string. */
export const policyNames = (policy: string | undefined) =>
  (policy ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

/** Spec 000 §2 "Groups": search, Create Group, and per row edit, set policy and delete. */
export function GroupsPage() {
  const { t } = useTranslation();
  const groups = useGroupsQuery();
  const removeGroup = useRemoveGroup();
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ editing: string | undefined } | undefined>();
  const [createRequested, setCreateRequested] = useCreateRequest();
  useEffect(() => {
    if (!createRequested) return;
    setDialog({ editing: undefined });
    setCreateRequested(false);
  }, [createRequested, setCreateRequested]);
  const [deleting, setDeleting] = useState<string | undefined>();
  const [settingPolicy, setSettingPolicy] = useState<string | undefined>();
  const policyGroup = useGroupQuery(settingPolicy);
  const currentPolicies = useMemo(() => policyNames(policyGroup.data?.policy), [policyGroup.data]);

  const columns = useMemo<Column<string>[]>(() => [{ header: t('groups.name'), cell: (g) => g }], [t]);

  return (
    <>
      <PageHeader
        title={t('pages.groups')}
        actions={
          <>
            <SearchBox label={t('groups.search')} value={search} onChange={setSearch} />
            <CanDo action="admin:AddUserToGroup">
              <Button onClick={() => setDialog({ editing: undefined })}>{t('groups.create')}</Button>
            </CanDo>
          </>
        }
      />
      <QueryState query={groups}>
        {(data) => {
          const needle = search.trim().toLowerCase();
          return (
            <DataTable
              label={t('pages.groups')}
              rows={data.groups.filter((g) => g.toLowerCase().includes(needle))}
              rowKey={(g) => g}
              columns={columns}
              empty={data.groups.length === 0 ? t('groups.empty') : t('groups.noMatch')}
              actionsHeader={t('common.actions')}
              actions={(g) => (
                <Group gap={4} wrap="nowrap">
                  <RowAction
                    action="admin:AddUserToGroup"
                    label={t('groups.edit', { group: g })}
                    icon={IconPencil}
                    onClick={() => setDialog({ editing: g })}
                  />
                  <RowAction
                    action="admin:AttachUserOrGroupPolicy"
                    label={t('groups.setPolicy', { group: g })}
                    icon={IconShieldCheck}
                    onClick={() => setSettingPolicy(g)}
                  />
                  <RowAction
                    action="admin:RemoveUserFromGroup"
                    label={t('groups.delete', { group: g })}
                    icon={IconTrash}
                    danger
                    onClick={() => setDeleting(g)}
                  />
                </Group>
              )}
            />
          );
        }}
      </QueryState>
      <GroupDialog
        editing={dialog?.editing}
        opened={dialog !== undefined}
        onClose={() => setDialog(undefined)}
      />
      <SetPoliciesDialog
        entity={settingPolicy === undefined ? undefined : { type: 'group', name: settingPolicy }}
        current={currentPolicies}
        onClose={() => setSettingPolicy(undefined)}
      />
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('groups.deleteTitle')}
        message={t('groups.deleteMessage', { group: deleting ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        pending={removeGroup.isPending}
        error={removeGroup.error}
        onConfirm={() =>
          deleting && removeGroup.mutate(deleting, { onSuccess: () => setDeleting(undefined) })
        }
        onClose={() => {
          removeGroup.reset();
          setDeleting(undefined);
        }}
      />
    </>
  );
}
