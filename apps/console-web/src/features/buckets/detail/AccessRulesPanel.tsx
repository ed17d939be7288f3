import { Button, Group, Select, TextInput } from '@mantine/core';
import type { AccessRule, PrefixAccess } from '@stowage/contract';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanDo } from '../../../components/Can.js';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { closeAfterReset, FormDialog, mutationState } from '../../../components/FormDialog.js';
import { QueryState } from '../../../components/QueryState.js';
import { RowAction } from '../../../components/RowAction.js';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete.js';
import { useAccessRulesQuery, useDeleteAccessRule, useSetAccessRule } from './queries.js';

const LEVELS: readonly PrefixAccess[] = ['readonly', 'writeonly', 'readwrite'];

/** Spec 001 §2 "Access Rules": anonymous access per prefix, with Add, Edit and Delete. */
export function AccessRulesPanel({ bucket }: { bucket: string }) {
  const { t } = useTranslation();
  const rules = useAccessRulesQuery(bucket);
  const remove = useDeleteAccessRule(bucket);
  const [editing, setEditing] = useState<{ rule: AccessRule | undefined } | undefined>();
  const deletion = useConfirmedDelete({
    title: t('bucketDetail.deleteRuleTitle'),
    message: (prefix: string) => t('bucketDetail.deleteRuleMessage', { prefix }),
    mutation: remove,
  });
  const columns = useMemo<Column<AccessRule>[]>(
    () => [
      { header: t('bucketDetail.prefix'), cell: (r) => r.prefix },
      { header: t('bucketDetail.access'), cell: (r) => t(`bucketDetail.levels.${r.access}`) },
    ],
    [t],
  );
  return (
    <>
      <Group justify="flex-end" mb="md">
        <CanDo action="s3:PutBucketPolicy" bucket={bucket}>
          <Button onClick={() => setEditing({ rule: undefined })}>{t('bucketDetail.addAccessRule')}</Button>
        </CanDo>
      </Group>
      <QueryState query={rules}>
        {(data) => (
          <DataTable
            label={t('bucketDetail.sections.accessRules')}
            rows={data.accessRules}
            rowKey={(r) => r.prefix}
            columns={columns}
            empty={t('bucketDetail.noEntity', { entity: t('bucketDetail.accessRulesEntity') })}
            actionsHeader={t('common.actions')}
            actions={(r) => (
              <Group gap={4} wrap="nowrap">
                <RowAction
                  action="s3:PutBucketPolicy"
                  bucket={bucket}
                  label={t('bucketDetail.editRule', { prefix: r.prefix })}
                  icon={IconPencil}
                  onClick={() => setEditing({ rule: r })}
                />
                <RowAction
                  action="s3:PutBucketPolicy"
                  bucket={bucket}
                  label={t('bucketDetail.deleteRule', { prefix: r.prefix })}
                  icon={IconTrash}
                  danger
                  onClick={() => deletion.ask(r.prefix)}
                />
              </Group>
            )}
          />
        )}
      </QueryState>
      <AccessRuleDialog bucket={bucket} editing={editing} onClose={() => setEditing(undefined)} />
      {deletion.dialog}
    </>
  );
}

/** Add (prefix and access, default readonly) or Edit (the access of a prefix). */
function AccessRuleDialog({
  bucket,
  editing,
  onClose,
}: {
  bucket: string;
  editing: { rule: AccessRule | undefined } | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [prefix, setPrefix] = useState('');
  const [access, setAccess] = useState<PrefixAccess>('readonly');
  const [openedFor, setOpenedFor] = useState<typeof editing>();
  const save = useSetAccessRule(bucket);
  if (editing !== openedFor) {
    setOpenedFor(editing);
    setPrefix(editing?.rule?.prefix ?? '');
    setAccess(editing?.rule?.access ?? 'readonly');
  }
  const close = closeAfterReset(save, onClose);
  return (
    <FormDialog
      opened={editing !== undefined}
      title={editing?.rule ? t('bucketDetail.editAccessRule') : t('bucketDetail.addAccessRule')}
      onClose={close}
      onSubmit={() => save.mutate({ prefix: prefix.trim(), access }, { onSuccess: close })}
      {...mutationState(save)}
      canSave={prefix.trim() !== ''}
    >
      <TextInput
        label={t('bucketDetail.prefix')}
        value={prefix}
        disabled={editing?.rule !== undefined}
        onChange={(e) => setPrefix(e.currentTarget.value)}
        required
      />
      <Select
        label={t('bucketDetail.access')}
        data={LEVELS.map((l) => ({ value: l, label: t(`bucketDetail.levels.${l}`) }))}
        value={access}
        allowDeselect={false}
        onChange={(v) => v && setAccess(v as PrefixAccess)}
      />
    </FormDialog>
  );
}
