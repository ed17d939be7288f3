import { SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateSelector } from '../../../components/DateSelector.js';
import { DATE_YEARS, isRealDate } from '../../../components/dateParts.js';
import { FormDialog, mutationState } from '../../../components/FormDialog.js';
import { QueryPairsInput } from '../../../components/QueryPairsInput.js';
import { tokens } from '../../../theme/tokens.js';
import { DraftCountInput, LifecycleActionFields } from './LifecycleActionFields.js';
import {
  canSaveLifecycle,
  EMPTY_LIFECYCLE_DRAFT,
  type LifecycleDraft,
  tierNames,
  toAddRequest,
} from './lifecycleRules.js';
import { useAddLifecycle, useTierNamesQuery } from './queries.js';

/**
 * Add Lifecycle Rule: Expiry or Transition, after days or on a date, for a prefix and tags;
 * beyond spec 001, what happens to noncurrent versions, delete markers and unfinished uploads.
 */
export function AddLifecycleDialog({
  bucket,
  opened,
  onClose,
}: {
  bucket: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(EMPTY_LIFECYCLE_DRAFT);
  // Remounting the tag builder on each open starts it empty.
  const [round, setRound] = useState(0);
  const tiers = useTierNamesQuery(opened && draft.type === 'transition');
  const add = useAddLifecycle(bucket);
  const set = (part: Partial<LifecycleDraft>) => setDraft((d) => ({ ...d, ...part }));
  const close = () => {
    setDraft(EMPTY_LIFECYCLE_DRAFT);
    setRound((r) => r + 1);
    add.reset();
    onClose();
  };
  const names = tierNames(tiers.data?.items ?? []);
  const badDate = draft.when === 'date' && draft.date !== undefined && !isRealDate(draft.date);
  const expiry = draft.type === 'expiry';
  // Delete markers expire on their own, never with a time for current versions (S3).
  const currentOff = expiry && draft.deleteMarker;

  return (
    <FormDialog
      opened={opened}
      title={t('lifecycle.addTitle')}
      onClose={close}
      onSubmit={() => add.mutate(toAddRequest(draft), { onSuccess: close })}
      {...mutationState(add)}
      canSave={canSaveLifecycle(draft)}
    >
      <SegmentedControl
        aria-label={t('lifecycle.type')}
        value={draft.type}
        onChange={(v) => set({ type: v as LifecycleDraft['type'] })}
        data={[
          { value: 'expiry', label: t('lifecycle.types.expiry') },
          { value: 'transition', label: t('lifecycle.types.transition') },
        ]}
      />
      <TextInput
        label={t('lifecycle.prefix')}
        value={draft.prefix}
        onChange={(e) => set({ prefix: e.currentTarget.value })}
      />
      <QueryPairsInput
        key={round}
        label={t('lifecycle.tags')}
        initial=""
        onChange={(tags) => set({ tags })}
      />
      <SegmentedControl
        aria-label={t('lifecycle.when')}
        value={draft.when}
        onChange={(v) => set({ when: v as LifecycleDraft['when'] })}
        disabled={currentOff}
        data={[
          { value: 'days', label: t('lifecycle.whenKinds.days') },
          { value: 'date', label: t('lifecycle.whenKinds.date') },
        ]}
      />
      {draft.when === 'days' ? (
        <DraftCountInput
          draft={draft}
          set={set}
          field="days"
          label={t('lifecycle.days')}
          disabled={currentOff}
        />
      ) : (
        <DateSelector
          label={t('lifecycle.date')}
          value={draft.date}
          onChange={(date) => set({ date })}
          years={DATE_YEARS}
          error={badDate ? t('lifecycle.invalidDate') : undefined}
          disabled={currentOff}
        />
      )}
      {!expiry && (
        <>
          <Select
            label={t('lifecycle.storageClass')}
            data={names}
            value={draft.storageClass}
            onChange={(storageClass) => set({ storageClass })}
            required={!(draft.days === '' && draft.date === undefined && draft.noncurrentDays !== '')}
          />
          {tiers.isSuccess && names.length === 0 && (
            <Text size="sm" c={tokens.color['text-muted']}>
              {t('lifecycle.noTiers')}
            </Text>
          )}
        </>
      )}
      <LifecycleActionFields draft={draft} set={set} tiers={names} />
    </FormDialog>
  );
}
