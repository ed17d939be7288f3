import { SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateSelector } from '../../../components/DateSelector.js';
import { DATE_YEARS, isRealDate } from '../../../components/dateParts.js';
import { FormDialog, mutationState } from '../../../components/FormDialog.js';
import { QueryPairsInput } from '../../../components/QueryPairsInput.js';
import { tokens } from '../../../theme/tokens.js';
import { canSaveLifecycle, type LifecycleDraft, tierNames, toAddRequest } from './lifecycleRules.js';
import { useAddLifecycle, useTierNamesQuery } from './queries.js';

const EMPTY: LifecycleDraft = {
  type: 'expiry',
  prefix: '',
  tags: '',
  when: 'days',
  days: '',
  date: undefined,
  storageClass: null,
};

/** Add Lifecycle Rule: Expiry or Transition, after days or on a date, for a prefix and tags. */
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
  const [draft, setDraft] = useState(EMPTY);
  // Remounting the tag builder on each open starts it empty.
  const [round, setRound] = useState(0);
  const tiers = useTierNamesQuery(opened && draft.type === 'transition');
  const add = useAddLifecycle(bucket);
  const set = (part: Partial<LifecycleDraft>) => setDraft((d) => ({ ...d, ...part }));
  const close = () => {
    setDraft(EMPTY);
    setRound((r) => r + 1);
    add.reset();
    onClose();
  };
  const names = tierNames(tiers.data?.items ?? []);
  const badDate = draft.when === 'date' && draft.date !== undefined && !isRealDate(draft.date);

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
        data={[
          { value: 'days', label: t('lifecycle.whenKinds.days') },
          { value: 'date', label: t('lifecycle.whenKinds.date') },
        ]}
      />
      {draft.when === 'days' ? (
        <TextInput
          label={t('lifecycle.days')}
          inputMode="numeric"
          value={draft.days}
          onChange={(e) => set({ days: e.currentTarget.value })}
        />
      ) : (
        <DateSelector
          label={t('lifecycle.date')}
          value={draft.date}
          onChange={(date) => set({ date })}
          years={DATE_YEARS}
          error={badDate ? t('lifecycle.invalidDate') : undefined}
        />
      )}
      {draft.type === 'transition' && (
        <>
          <Select
            label={t('lifecycle.storageClass')}
            data={names}
            value={draft.storageClass}
            onChange={(storageClass) => set({ storageClass })}
            required
          />
          {tiers.isSuccess && names.length === 0 && (
            <Text size="sm" c={tokens.color['text-muted']}>
              {t('lifecycle.noTiers')}
            </Text>
          )}
        </>
      )}
    </FormDialog>
  );
}
