import { ActionIcon, Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import type { BucketEvent, EventKind } from '@stowage/contract';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanDo } from '../../../components/Can.js';
import { type Column, DataTable } from '../../../components/DataTable.js';
import { FormDialog, mutationState } from '../../../components/FormDialog.js';
import { QueryState } from '../../../components/QueryState.js';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete.js';
import { tokens } from '../../../theme/tokens.js';
import { useArnsQuery, useBucketEventsQuery, useCreateBucketEvent, useDeleteBucketEvent } from './queries.js';

const KINDS: readonly EventKind[] = ['put', 'get', 'delete'];

/** Spec 001 §2 "Events": SQS (arn), Events, Prefix, Suffix; Subscribe to Event; delete per row. */
export function EventsPanel({ bucket }: { bucket: string }) {
  const { t } = useTranslation();
  const events = useBucketEventsQuery(bucket);
  const remove = useDeleteBucketEvent(bucket);
  const [subscribing, setSubscribing] = useState(false);
  const deletion = useConfirmedDelete({
    title: t('events.deleteTitle'),
    message: (e: Parameters<typeof remove.mutate>[0]) => t('events.deleteMessage', { arn: e.arn }),
    mutation: remove,
  });
  const columns = useMemo<Column<BucketEvent>[]>(
    () => [
      { header: t('events.sqs'), cell: (e) => e.arn },
      { header: t('events.events'), cell: (e) => e.events.join(', ') },
      { header: t('events.prefix'), cell: (e) => e.prefix },
      { header: t('events.suffix'), cell: (e) => e.suffix },
    ],
    [t],
  );
  return (
    <>
      <Group justify="flex-end" mb="md">
        <CanDo action="s3:PutBucketNotification" bucket={bucket}>
          <Button onClick={() => setSubscribing(true)}>{t('events.subscribe')}</Button>
        </CanDo>
      </Group>
      <QueryState query={events}>
        {(data) => (
          <DataTable
            label={t('bucketDetail.sections.events')}
            rows={data.events}
            rowKey={(e) => e.id}
            columns={columns}
            empty={t('bucketDetail.noEntity', { entity: t('events.entity') })}
            actionsHeader={t('common.actions')}
            actions={(e) => (
              <CanDo action="s3:PutBucketNotification" bucket={bucket}>
                <ActionIcon
                  variant="subtle"
                  color={tokens.color.danger}
                  onClick={() =>
                    deletion.ask({ arn: e.arn, events: e.events, prefix: e.prefix, suffix: e.suffix })
                  }
                  aria-label={t('events.delete', { arn: e.arn })}
                >
                  <IconTrash size="1.1rem" aria-hidden />
                </ActionIcon>
              </CanDo>
            )}
          />
        )}
      </QueryState>
      <SubscribeDialog bucket={bucket} opened={subscribing} onClose={() => setSubscribing(false)} />
      {deletion.dialog}
    </>
  );
}

/** Subscribe To Event: a target, the kinds (at least one), and an optional prefix and suffix. */
function SubscribeDialog({
  bucket,
  opened,
  onClose,
}: {
  bucket: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const arns = useArnsQuery(opened);
  const create = useCreateBucketEvent(bucket);
  const [arn, setArn] = useState<string | null>(null);
  const [kinds, setKinds] = useState<string[]>([]);
  const [prefix, setPrefix] = useState('');
  const [suffix, setSuffix] = useState('');
  const close = () => {
    setArn(null);
    setKinds([]);
    setPrefix('');
    setSuffix('');
    create.reset();
    onClose();
  };
  return (
    <FormDialog
      opened={opened}
      title={t('events.subscribeTitle')}
      onClose={close}
      onSubmit={() =>
        arn &&
        create.mutate(
          { arn, events: kinds as EventKind[], prefix: prefix.trim(), suffix: suffix.trim() },
          { onSuccess: close },
        )
      }
      {...mutationState(create)}
      canSave={arn !== null && kinds.length > 0}
    >
      <Select
        label={t('events.arn')}
        data={arns.data?.arns ?? []}
        value={arn}
        onChange={setArn}
        nothingFoundMessage={t('events.noArns')}
        placeholder={arns.data?.arns?.length ? undefined : t('events.noArns')}
        required
      />
      <TextInput
        label={t('events.prefix')}
        value={prefix}
        onChange={(e) => setPrefix(e.currentTarget.value)}
      />
      <TextInput
        label={t('events.suffix')}
        value={suffix}
        onChange={(e) => setSuffix(e.currentTarget.value)}
      />
      <Checkbox.Group label={t('events.select')} value={kinds} onChange={setKinds} required>
        <Stack gap="xs" mt="xs">
          {KINDS.map((k) => (
            <Checkbox key={k} value={k} label={t(`events.kinds.${k}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
    </FormDialog>
  );
}
