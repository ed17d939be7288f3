import { Button, Group, Tooltip } from '@mantine/core';
import type { ReplicationRule } from '@stowage/contract';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanDo } from '../../../components/Can.js';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { QueryState } from '../../../components/QueryState.js';
import { RowAction } from '../../../components/RowAction.js';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete.js';
import { useHasPermission } from '../../permissions/queries.js';
import { useReplicationQuery } from '../detail/queries.js';
import { AddReplicationDialog } from './AddReplicationDialog.js';
import { useDeleteReplicationRule } from './queries.js';
import { ReplicationMetrics } from './ReplicationMetrics.js';
import { destinationName } from './replicationForm.js';

/** Spec 001 §2 "Replication": the rules, Add Replication Rule, and delete (never the last rule). */
export function ReplicationPanel({ bucket }: { bucket: string }) {
  const { t } = useTranslation();
  const rules = useReplicationQuery(bucket);
  // Spec 001 §6: editing needs s3:PutReplicationConfiguration on the bucket.
  const canEdit = useHasPermission('s3:PutReplicationConfiguration', bucket);
  const remove = useDeleteReplicationRule(bucket);
  const [adding, setAdding] = useState(false);
  const deletion = useConfirmedDelete({
    title: t('replication.deleteTitle'),
    message: (id: string) => t('replication.deleteMessage', { id: id }),
    mutation: remove,
  });
  const columns = useMemo<Column<ReplicationRule>[]>(
    () => [
      { header: t('replication.priority'), cell: (r) => String(r.priority) },
      { header: t('replication.destination'), cell: (r) => destinationName(r.destination.bucket) },
      { header: t('replication.prefix'), cell: (r) => r.prefix },
      { header: t('replication.tags'), cell: (r) => (r.tags ? t('replication.yes') : t('replication.no')) },
      { header: t('replication.status'), cell: (r) => r.status },
    ],
    [t],
  );
  return (
    <>
      <Group justify="flex-end" mb="md">
        <CanDo action="s3:PutReplicationConfiguration" bucket={bucket}>
          <Button disabled={!canEdit} onClick={() => setAdding(true)}>
            {t('replication.add')}
          </Button>
        </CanDo>
      </Group>
      <QueryState query={rules}>
        {(data) => {
          const list = data?.rules ?? [];
          const onlyOne = list.length === 1;
          return (
            <DataTable
              label={t('bucketDetail.sections.replication')}
              rows={[...list].sort((a, b) => a.priority - b.priority)}
              rowKey={(r) => r.id}
              columns={columns}
              empty={t('bucketDetail.noEntity', { entity: t('replication.entity') })}
              actionsHeader={t('common.actions')}
              actions={(r) => (
                <Tooltip label={t('replication.lastRule')} disabled={!onlyOne}>
                  <RowAction
                    action="s3:PutReplicationConfiguration"
                    bucket={bucket}
                    label={t('replication.delete', { id: r.id })}
                    icon={IconTrash}
                    danger
                    disabled={onlyOne || !canEdit}
                    onClick={() => deletion.ask(r.id)}
                  />
                </Tooltip>
              )}
            />
          );
        }}
      </QueryState>
      <ReplicationMetrics bucket={bucket} enabled={(rules.data?.rules.length ?? 0) > 0} />
      <AddReplicationDialog bucket={bucket} opened={adding} onClose={() => setAdding(false)} />
      {deletion.dialog}
    </>
  );
}
