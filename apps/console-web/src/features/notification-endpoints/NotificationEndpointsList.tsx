import { Group, Text } from '@mantine/core';
import type { NotificationEndpoint, NotificationService } from '@stowage/contract';
import { IconAlertCircle, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable.js';
import { ListToolbar } from '../../components/ListToolbar.js';
import { QueryState } from '../../components/QueryState.js';
import { RowAction } from '../../components/RowAction.js';
import { useConfirmedDelete } from '../../components/useConfirmedDelete.js';
import { tokens } from '../../theme/tokens.js';
import { CONFIG_UPDATE, useDeleteNotificationEndpoint, useNotificationEndpointsQuery } from './queries.js';

type DeleteTarget = { service: NotificationService; account_id: string };

/** Spec 002 §2.1: a row is named service:account_id. */
const targetName = (e: Pick<NotificationEndpoint, 'service' | 'account_id'>) =>
  `${e.service}:${e.account_id}`;

function StatusCell({ status }: { status: NotificationEndpoint['status'] }) {
  const { t } = useTranslation();
  const label = t(`notifications.status.${status}`);
  if (status === 'online') return label;
  // Spec 002 §2.1: Offline shows a coloured icon; the cell's accessible name is the status.
  return (
    <Group gap={6} wrap="nowrap" role="img" aria-label={label}>
      <IconAlertCircle size="1.1rem" color={tokens.color.danger} aria-hidden />
      <Text span c={tokens.color.danger} aria-hidden>
        {label}
      </Text>
    </Group>
  );
}

/** Spec 002 §2.1 "Lambda Notifications", slide 0: the filterable list of targets. */
export function NotificationEndpointsList() {
  const { t } = useTranslation();
  const endpoints = useNotificationEndpointsQuery();
  const remove = useDeleteNotificationEndpoint();
  const [search, setSearch] = useState('');
  const deletion = useConfirmedDelete({
    title: t('notifications.deleteTitle'),
    message: (target: DeleteTarget) => t('notifications.deleteMessage', { target: targetName(target) }),
    mutation: remove,
  });

  const columns = useMemo<Column<NotificationEndpoint>[]>(
    () => [
      { header: t('notifications.columns.status'), cell: (e) => <StatusCell status={e.status} /> },
      { header: t('notifications.columns.service'), cell: targetName, width: 'minmax(12rem, 3fr)' },
    ],
    [t],
  );

  return (
    <>
      <ListToolbar
        title={t('notifications.title')}
        search={{ label: t('notifications.search'), value: search, onChange: setSearch }}
        refresh={{
          label: t('notifications.refresh'),
          busy: endpoints.isFetching && !endpoints.isPending,
          onClick: () => void endpoints.refetch(),
        }}
        add={{ label: t('notifications.add'), to: '/settings/notifications/add', action: CONFIG_UPDATE }}
      />
      <QueryState query={endpoints}>
        {(data) => {
          // Spec 002 §7: the list may come as null.
          const rows = data.notification_endpoints ?? [];
          const needle = search.trim().toLowerCase();
          return (
            <DataTable
              label={t('notifications.title')}
              rows={rows.filter((e) => `${targetName(e)} ${e.status}`.toLowerCase().includes(needle))}
              rowKey={targetName}
              columns={columns}
              empty={rows.length === 0 ? t('notifications.empty') : t('notifications.noMatch')}
              actionsHeader={t('common.actions')}
              actions={(e) => (
                <RowAction
                  action={CONFIG_UPDATE}
                  label={t('notifications.delete', { target: targetName(e) })}
                  icon={IconTrash}
                  danger
                  onClick={() =>
                    deletion.ask({ service: e.service as NotificationService, account_id: e.account_id })
                  }
                />
              )}
            />
          );
        }}
      </QueryState>
      {deletion.dialog}
    </>
  );
}
