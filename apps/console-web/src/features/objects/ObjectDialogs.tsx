import { Group as MGroup, Radio, Switch, Text, TextInput } from '@mantine/core';
import type { ObjectItem } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateSelector } from '../../components/DateSelector.js';
import { type DateParts, partsOf } from '../../components/dateParts.js';
import { closeAfterReset, FormDialog, mutationState } from '../../components/FormDialog.js';
import { canAddTag, canSaveRetention, type RetentionModeChoice, retentionAction } from './objectRules.js';
import { useDeleteRetention, usePutLegalHold, usePutRetention, usePutTags } from './queries.js';

interface ObjectDialogProps {
  bucket: string;
  object: ObjectItem;
  opened: boolean;
  onClose: () => void;
}

const ref = (object: ObjectItem) => ({ key: object.name, version: object.version_id });

/** Set Retention Policy: Status, Type (locked once set) and the date it holds until. */
export function RetentionDialog({ bucket, object, opened, onClose }: ObjectDialogProps) {
  const { t } = useTranslation();
  const put = usePutRetention(bucket);
  const clear = useDeleteRetention(bucket);
  const current = object.retention_mode;
  const [enabled, setEnabled] = useState(current !== undefined);
  const [mode, setMode] = useState<RetentionModeChoice | null>(current ?? null);
  const [date, setDate] = useState<DateParts | undefined>(
    object.retention_until_date ? partsOf(new Date(object.retention_until_date)) : undefined,
  );
  const draft = { enabled, mode, date };
  const active = put.isPending ? put : clear;
  const close = () => {
    put.reset();
    clear.reset();
    onClose();
  };
  const save = () => {
    const action = retentionAction(draft, current);
    if (action.kind === 'set')
      put.mutate({ ...ref(object), mode: action.mode, expires: action.expires }, { onSuccess: close });
    else if (action.kind === 'clear') clear.mutate(ref(object), { onSuccess: close });
    else close();
  };
  return (
    <FormDialog
      opened={opened}
      title={t('objectDetail.retentionTitle')}
      onClose={close}
      onSubmit={save}
      canSave={canSaveRetention(draft)}
      {...mutationState(active)}
      error={put.error ?? clear.error}
    >
      <Switch
        label={t('objectDetail.status')}
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      <Radio.Group
        label={t('objectDetail.type')}
        value={mode}
        onChange={(v) => setMode(v as RetentionModeChoice)}
      >
        <MGroup mt="xs">
          {(['governance', 'compliance'] as const).map((m) => (
            <Radio
              key={m}
              value={m}
              label={t(`buckets.modes.${m}`)}
              disabled={!enabled || current !== undefined}
            />
          ))}
        </MGroup>
      </Radio.Group>
      {enabled && <DateSelector label={t('objectDetail.retentionDate')} value={date} onChange={setDate} />}
    </FormDialog>
  );
}

/** Set Legal Hold: one switch; it needs a versioned bucket. */
export function LegalHoldDialog({
  bucket,
  object,
  opened,
  onClose,
  versioned,
}: ObjectDialogProps & { versioned: boolean }) {
  const { t } = useTranslation();
  const put = usePutLegalHold(bucket);
  const [on, setOn] = useState(object.legal_hold_status === 'ON');
  const close = closeAfterReset(put, onClose);
  return (
    <FormDialog
      opened={opened}
      title={t('objectDetail.legalHoldTitle')}
      onClose={close}
      onSubmit={() => put.mutate({ ...ref(object), on }, { onSuccess: close })}
      canSave={versioned}
      {...mutationState(put)}
    >
      {!versioned && <Text c="dimmed">{t('objectDetail.legalHoldNeedsVersioning')}</Text>}
      <Switch
        label={t('objectDetail.legalHold')}
        checked={on}
        disabled={!versioned}
        onChange={(e) => setOn(e.currentTarget.checked)}
      />
    </FormDialog>
  );
}

/** Add New Tag: a key and a label, both required; the object's other tags are kept. */
export function AddTagDialog({ bucket, object, opened, onClose }: ObjectDialogProps) {
  const { t } = useTranslation();
  const put = usePutTags(bucket);
  const [key, setKey] = useState('');
  const [value, setValue] = useState('');
  const close = () => {
    setKey('');
    setValue('');
    put.reset();
    onClose();
  };
  return (
    <FormDialog
      opened={opened}
      title={t('objectDetail.addTagTitle')}
      onClose={close}
      onSubmit={() =>
        put.mutate(
          { ...ref(object), tags: { ...object.tags, [key.trim()]: value.trim() } },
          { onSuccess: close },
        )
      }
      canSave={canAddTag(key, value)}
      {...mutationState(put)}
    >
      <TextInput
        label={t('objectDetail.tagKey')}
        value={key}
        onChange={(e) => setKey(e.currentTarget.value)}
        required
      />
      <TextInput
        label={t('objectDetail.tagLabel')}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        required
      />
    </FormDialog>
  );
}
