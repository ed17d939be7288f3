import { Button, Group } from '@mantine/core';
import type { LifecycleRule } from '@stowage/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanDo } from '../../../components/Can.js';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { QueryState } from '../../../components/QueryState.js';
import { RowAction } from '../../../components/RowAction.js';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete.js';
import { AddLifecycleDialog } from './AddLifecycleDialog.js';
import { EditLifecycleDialog } from './EditLifecycleDialog.js';
import { expirationText, storageClassText, transitionText } from './lifecycleRules.js';
import { useDeleteLifecycle, useLifecycleQuery } from './queries.js';

const FullText = ({ text }: { text: string }) => <span title={text}>{text}</span>;

/** Spec 001 §2 "Lifecycle Rules": the table, Add Lifecycle Rule, edit and delete per row. */
export function LifecyclePanel({ bucket }: { bucket: string }) {
  const { t } = useTranslation();
  const rules = useLifecycleQuery(bucket);
  const remove = useDeleteLifecycle(bucket);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<LifecycleRule | undefined>();
  const deletion = useConfirmedDelete({
    title: t('lifecycle.deleteTitle'),
    message: (id: string) => t('lifecycle.deleteMessage', { id: id }),
    mutation: remove,
  });
  const columns = useMemo<Column<LifecycleRule>[]>(
    () => [
      { header: t('lifecycle.id'), cell: (r) => r.id },
      { header: t('lifecycle.prefix'), cell: (r) => r.prefix },
      { header: t('lifecycle.status'), cell: (r) => t(`lifecycle.statuses.${r.status}`) },
      // Several actions make a long text: wider tracks, and the whole of it on hover.
      {
        header: t('lifecycle.expiration'),
        cell: (r) => <FullText text={expirationText(r, t)} />,
        width: 'minmax(10rem, 2fr)',
      },
      {
        header: t('lifecycle.transition'),
        cell: (r) => <FullText text={transitionText(r, t)} />,
        width: 'minmax(10rem, 2fr)',
      },
      { header: t('lifecycle.storageClass'), cell: storageClassText },
    ],
    [t],
  );
  return (
    <>
      <Group justify="flex-end" mb="md">
        <CanDo action="s3:PutLifecycleConfiguration" bucket={bucket}>
          <Button onClick={() => setAdding(true)}>{t('lifecycle.add')}</Button>
        </CanDo>
      </Group>
      <QueryState query={rules}>
        {(data) => (
          <DataTable
            label={t('bucketDetail.sections.lifecycle')}
            rows={data.lifecycle}
            rowKey={(r) => r.id}
            columns={columns}
            empty={t('lifecycle.empty')}
            actionsHeader={t('common.actions')}
            actions={(r) => (
              <Group gap={4} wrap="nowrap">
                <RowAction
                  action="s3:PutLifecycleConfiguration"
                  bucket={bucket}
                  label={t('lifecycle.edit', { id: r.id })}
                  icon={IconPencil}
                  onClick={() => setEditing(r)}
                />
                <RowAction
                  action="s3:PutLifecycleConfiguration"
                  bucket={bucket}
                  label={t('lifecycle.delete', { id: r.id })}
                  icon={IconTrash}
                  danger
                  onClick={() => deletion.ask(r.id)}
                />
              </Group>
            )}
          />
        )}
      </QueryState>
      <AddLifecycleDialog bucket={bucket} opened={adding} onClose={() => setAdding(false)} />
      <EditLifecycleDialog bucket={bucket} rule={editing} onClose={() => setEditing(undefined)} />
      {deletion.dialog}
    </>
  );
}
