import { Button, Group } from '@mantine/core';
import type { Policy } from '@stowage/contract';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateRequest } from '../../app/useCreateRequest.js';
import { CanDo } from '../../components/Can.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { PageHeader } from '../../components/PageHeader.js';
import { QueryState } from '../../components/QueryState.js';
import { RowAction } from '../../components/RowAction.js';
import { SearchBox } from '../../components/SearchBox.js';
import { useConfirmedDelete } from '../../components/useConfirmedDelete.js';
import { ViewLink } from '../../components/ViewLink.js';
import { PolicyDialog } from './PolicyDialog.js';
import { usePoliciesQuery, useRemovePolicy } from './queries.js';

export const policyPath = (name: string) => `/policies/${encodeURIComponent(name)}`;

/** Spec 001 §2 "IAM policies": search, Create Policy, names sorted, view and delete per row. */
export function PoliciesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const policies = usePoliciesQuery();
  const remove = useRemovePolicy();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useCreateRequest();
  const deletion = useConfirmedDelete({
    title: t('policies.deleteTitle'),
    message: (policy: string) => t('policies.deleteMessage', { policy }),
    mutation: remove,
  });
  const columns = useMemo<Column<Policy>[]>(() => [{ header: t('policies.name'), cell: (p) => p.name }], [t]);

  return (
    <>
      <PageHeader
        title={t('policies.title')}
        actions={
          <>
            <SearchBox label={t('policies.search')} value={search} onChange={setSearch} />
            <CanDo action="admin:CreatePolicy">
              <Button onClick={() => setCreating(true)}>{t('policies.create')}</Button>
            </CanDo>
          </>
        }
      />
      <QueryState query={policies}>
        {(data) => {
          const needle = search.trim().toLowerCase();
          const rows = data.policies
            .filter((p) => p.name.toLowerCase().includes(needle))
            .sort((a, b) => a.name.localeCompare(b.name));
          return (
            <DataTable
              label={t('policies.title')}
              rows={rows}
              rowKey={(p) => p.name}
              columns={columns}
              empty={data.policies.length === 0 ? t('policies.empty') : t('policies.noMatch')}
              actionsHeader={t('common.actions')}
              actions={(p) => (
                <Group gap={4} wrap="nowrap">
                  <ViewLink to={policyPath(p.name)} label={t('policies.view', { policy: p.name })} />
                  <RowAction
                    action="admin:DeletePolicy"
                    label={t('policies.delete', { policy: p.name })}
                    icon={IconTrash}
                    danger
                    onClick={() => deletion.ask(p.name)}
                  />
                </Group>
              )}
            />
          );
        }}
      </QueryState>
      <PolicyDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(name) => void navigate(policyPath(name))}
      />
      {deletion.dialog}
    </>
  );
}
