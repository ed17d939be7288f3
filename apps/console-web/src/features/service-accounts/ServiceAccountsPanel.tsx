import { Button, Group, Tooltip } from '@mantine/core';
import type { ServiceAccountCredentials } from '@stowage/contract';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateRequest } from '../../app/useCreateRequest.js';
import { CanDo } from '../../components/Can.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { QueryState } from '../../components/QueryState.js';
import { RowAction } from '../../components/RowAction.js';
import { SearchBox } from '../../components/SearchBox.js';
import { useConfirmedDelete } from '../../components/useConfirmedDelete.js';
import { CreateServiceAccountDialog } from './CreateServiceAccountDialog.js';
import { NewServiceAccountDialog } from './NewServiceAccountDialog.js';
import { type AccountOwner, useDeleteServiceAccount, useServiceAccountsQuery } from './queries.js';

interface ServiceAccountsPanelProps {
  owner: AccountOwner;
  /** Set: Create is disabled and this says why (a user without a policy, spec 000 §6). */
  createBlockedReason?: string | undefined;
}

/** Search, Create service account and the list with a delete per row: /account and a user's tab. */
export function ServiceAccountsPanel({ owner, createBlockedReason }: ServiceAccountsPanelProps) {
  const { t } = useTranslation();
  const accounts = useServiceAccountsQuery(owner);
  const remove = useDeleteServiceAccount();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useCreateRequest();
  const [created, setCreated] = useState<ServiceAccountCredentials | undefined>();
  const deletion = useConfirmedDelete({
    title: t('serviceAccounts.deleteTitle'),
    message: (key: string) => t('serviceAccounts.deleteMessage', { key }),
    mutation: remove,
  });

  const columns = useMemo<Column<string>[]>(
    () => [{ header: t('serviceAccounts.accessKey'), cell: (key) => key }],
    [t],
  );
  const createButton = (
    <CanDo action="admin:CreateServiceAccount">
      <Button disabled={createBlockedReason !== undefined} onClick={() => setCreating(true)}>
        {t('serviceAccounts.create')}
      </Button>
    </CanDo>
  );

  return (
    <>
      <Group justify="flex-end" gap="sm" mb="md">
        <SearchBox label={t('serviceAccounts.search')} value={search} onChange={setSearch} />
        {createBlockedReason ? (
          <Tooltip label={createBlockedReason}>
            <span>{createButton}</span>
          </Tooltip>
        ) : (
          createButton
        )}
      </Group>
      <QueryState query={accounts}>
        {(keys) => {
          const needle = search.trim().toLowerCase();
          return (
            <DataTable
              label={t('pages.serviceAccounts')}
              rows={keys.filter((key) => key.toLowerCase().includes(needle))}
              rowKey={(key) => key}
              columns={columns}
              empty={keys.length === 0 ? t('serviceAccounts.empty') : t('serviceAccounts.noMatch')}
              actionsHeader={t('common.actions')}
              actions={(key) => (
                <RowAction
                  action="admin:RemoveServiceAccount"
                  label={t('serviceAccounts.delete', { key })}
                  icon={IconTrash}
                  danger
                  onClick={() => deletion.ask(key)}
                />
              )}
            />
          );
        }}
      </QueryState>
      <CreateServiceAccountDialog
        owner={owner}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={setCreated}
      />
      <NewServiceAccountDialog credentials={created} onDone={() => setCreated(undefined)} />
      {deletion.dialog}
    </>
  );
}
