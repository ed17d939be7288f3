import { Switch, TextInput } from '@mantine/core';
import type { LifecycleRule } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAfterReset, FormDialog, mutationState } from '../../../components/FormDialog.js';
import { QueryPairsInput } from '../../../components/QueryPairsInput.js';
import { LifecycleActionFields } from './LifecycleActionFields.js';
import {
  actionChanges,
  canSaveEdit,
  EMPTY_LIFECYCLE_DRAFT,
  type LifecycleDraft,
  ruleDraft,
  tagsText,
  tierNames,
} from './lifecycleRules.js';
import { useTierNamesQuery, useUpdateLifecycle } from './queries.js';

/**
 * Edit Lifecycle Configuration: Enabled/Disabled (sent as a disable flag), read-only Id, Tags;
 * beyond spec 001, the rule's optional actions. Only what changed is sent: the rest is kept.
 */
export function EditLifecycleDialog({
  bucket,
  rule,
  onClose,
}: {
  bucket: string;
  rule: LifecycleRule | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(true);
  const [draft, setDraft] = useState<LifecycleDraft>(EMPTY_LIFECYCLE_DRAFT);
  const [openedFor, setOpenedFor] = useState<LifecycleRule | undefined>();
  const update = useUpdateLifecycle(bucket);
  const tiers = useTierNamesQuery(rule?.transition !== undefined);
  if (rule !== openedFor) {
    setOpenedFor(rule);
    setEnabled(rule?.status !== 'Disabled');
    setDraft(rule ? ruleDraft(rule) : EMPTY_LIFECYCLE_DRAFT);
  }
  const set = (part: Partial<LifecycleDraft>) => setDraft((d) => ({ ...d, ...part }));
  const close = closeAfterReset(update, onClose);
  return (
    <FormDialog
      opened={rule !== undefined}
      title={t('lifecycle.editTitle')}
      onClose={close}
      onSubmit={() =>
        rule &&
        update.mutate(
          {
            id: rule.id,
            body: {
              type: rule.transition ? 'transition' : 'expiry',
              ...(rule.prefix ? { prefix: rule.prefix } : {}),
              tags: draft.tags,
              disable: !enabled,
              ...actionChanges(rule, draft),
            },
          },
          { onSuccess: close },
        )
      }
      {...mutationState(update)}
      canSave={canSaveEdit(draft)}
    >
      <Switch
        label={t('lifecycle.enabled')}
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      <TextInput label={t('lifecycle.id')} value={rule?.id ?? ''} readOnly />
      {rule && (
        <>
          <QueryPairsInput
            key={rule.id}
            label={t('lifecycle.tags')}
            initial={tagsText(rule)}
            onChange={(tags) => set({ tags })}
          />
          <LifecycleActionFields draft={draft} set={set} tiers={tierNames(tiers.data?.items ?? [])} />
        </>
      )}
    </FormDialog>
  );
}
