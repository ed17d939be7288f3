import { ActionIcon, Badge, Button, CloseButton, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ConsoleAction, ObjectItem } from '@stowage/contract';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanDo } from '../../components/Can.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { formatBytes, formatDateTime } from '../../utils/format.js';
import { useVersioningQuery } from '../buckets/detail/queries.js';
import { AddTagDialog, LegalHoldDialog, RetentionDialog } from './ObjectDialogs.js';
import { usePutTags } from './queries.js';

type Dialog = 'retention' | 'legalHold' | 'addTag' | null;

/** Details: Legal Hold, Retention, Tags (chips with delete and "Add tag"), Object Metadata. */
export function DetailsTab({ bucket, object }: { bucket: string; object: ObjectItem }) {
  const { t } = useTranslation();
  const versioning = useVersioningQuery(bucket);
  const putTags = usePutTags(bucket);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const tags = Object.entries(object.tags ?? {});
  const retention = object.retention_mode
    ? t('objectDetail.until', {
        mode: t(`buckets.modes.${object.retention_mode}`),
        date: object.retention_until_date ? formatDateTime(object.retention_until_date) : '',
      })
    : t('objectDetail.none');
  const metadata: [string, string][] = [
    [t('objectDetail.size'), formatBytes(object.size)],
    [t('objectDetail.lastModified'), object.last_modified ? formatDateTime(object.last_modified) : ''],
    [t('objectDetail.etag'), object.etag ?? ''],
    [t('objectDetail.versionId'), object.version_id ?? 'null'],
    [t('objectDetail.contentType'), object.content_type ?? ''],
    // Only versions that a replication rule covers (or that arrived as replicas) have a status.
    ...(object.replication_status
      ? ([
          [
            t('objectDetail.replicationStatus'),
            t(`objectDetail.replicationStates.${object.replication_status}`),
          ],
        ] as [string, string][])
      : []),
    ...Object.entries(object.user_metadata ?? {}),
  ];
  const removeTag = () => {
    if (removing === null) return;
    const { [removing]: _gone, ...rest } = object.tags ?? {};
    putTags.mutate(
      { key: object.name, version: object.version_id, tags: rest },
      { onSuccess: () => setRemoving(null) },
    );
  };

  return (
    <Stack>
      <Field
        label={t('objectDetail.legalHold')}
        onEdit={() => setDialog('legalHold')}
        action="s3:PutObjectLegalHold"
        bucket={bucket}
      >
        {object.legal_hold_status === 'ON' ? t('objectDetail.on') : t('objectDetail.off')}
      </Field>
      <Field
        label={t('objectDetail.retention')}
        onEdit={() => setDialog('retention')}
        action="s3:PutObjectRetention"
        bucket={bucket}
      >
        {retention}
      </Field>
      <Stack gap={4}>
        <Text fw={600}>{t('objectDetail.tags')}</Text>
        <Group gap="xs">
          {tags.map(([key, value]) => (
            <Badge
              key={key}
              variant="light"
              tt="none"
              size="lg"
              rightSection={
                <CanDo action="s3:PutObjectTagging" bucket={bucket}>
                  <CloseButton
                    size="xs"
                    onClick={() => setRemoving(key)}
                    aria-label={t('objectDetail.deleteTag', { tag: `${key}:${value}` })}
                  />
                </CanDo>
              }
            >
              {key}:{value}
            </Badge>
          ))}
          <CanDo action="s3:PutObjectTagging" bucket={bucket}>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPlus size="0.9rem" aria-hidden />}
              onClick={() => setDialog('addTag')}
            >
              {t('objectDetail.addTag')}
            </Button>
          </CanDo>
        </Group>
      </Stack>
      <Title order={3} size="h5">
        {t('objectDetail.metadata')}
      </Title>
      <Table aria-label={t('objectDetail.metadata')} withRowBorders>
        <Table.Tbody>
          {metadata.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th w="30%">{k}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {dialog === 'retention' && (
        <RetentionDialog bucket={bucket} object={object} opened onClose={() => setDialog(null)} />
      )}
      {dialog === 'legalHold' && (
        <LegalHoldDialog
          bucket={bucket}
          object={object}
          opened
          versioned={versioning.data?.is_versioned ?? false}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'addTag' && (
        <AddTagDialog bucket={bucket} object={object} opened onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={t('objectDetail.deleteTagTitle')}
        message={t('objectDetail.deleteTagMessage', { tag: removing ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        pending={putTags.isPending}
        error={putTags.error}
        onConfirm={removeTag}
        onClose={() => {
          putTags.reset();
          setRemoving(null);
        }}
      />
    </Stack>
  );
}

function Field({
  label,
  onEdit,
  action,
  bucket,
  children,
}: {
  label: string;
  onEdit: () => void;
  /** What the edit needs, checked on the object's bucket. */
  action: ConsoleAction;
  bucket: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Text fw={600}>{label}:</Text>
      <Text>{children}</Text>
      <CanDo action={action} bucket={bucket}>
        <ActionIcon
          variant="subtle"
          size="sm"
          onClick={onEdit}
          aria-label={t('objectDetail.edit', { what: label })}
        >
          <IconPencil size="0.9rem" aria-hidden />
        </ActionIcon>
      </CanDo>
    </Group>
  );
}
