import { ActionIcon, Button, Group, Text, Title } from '@mantine/core';
import type { NotificationEndpoint, NotificationService } from '@stowage/contract';
import { IconAlertCircle, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CanDo } from '../../components/Can.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { QueryState } from '../../components/QueryState.js';
import { SearchBox } from '../../components/SearchBox.js';
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
      <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="md">
        <Title order={2} size="h3">
          {t('notifications.title')}
        </Title>
        <Group gap="sm">
          <SearchBox label={t('notifications.search')} value={search} onChange={setSearch} />
          <Button
            variant="default"
            leftSection={<IconRefresh size="1rem" aria-hidden />}
            onClick={() => void endpoints.refetch()}
            loading={endpoints.isFetching && !endpoints.isPending}
          >
            {t('notifications.refresh')}
          </Button>
          <CanDo action={CONFIG_UPDATE}>
            <Button
              component={Link}
              to="/settings/notifications/add"
              leftSection={<IconPlus size="1rem" aria-hidden />}
            >
              {t('notifications.add')}
            </Button>
          </CanDo>
        </Group>
      </Group>
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
                <CanDo action={CONFIG_UPDATE}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() =>
                      deletion.ask({ service: e.service as NotificationService, account_id: e.account_id })
                    }
                    aria-label={t('notifications.delete', { target: targetName(e) })}
                  >
                    <IconTrash size="1.1rem" aria-hidden />
                  </ActionIcon>
                </CanDo>
              )}
            />
          );
        }}
      </QueryState>
      {deletion.dialog}
    </>
  );
}
