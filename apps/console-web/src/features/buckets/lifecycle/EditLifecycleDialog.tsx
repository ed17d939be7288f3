import { Switch, TextInput } from '@mantine/core';
import type { LifecycleRule } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAfterReset, FormDialog, mutationState } from '../../../components/FormDialog.js';
import { QueryPairsInput } from '../../../components/QueryPairsInput.js';
import { tagsText } from './lifecycleRules.js';
import { useUpdateLifecycle } from './queries.js';

/** Edit Lifecycle Configuration: Enabled/Disabled (sent as a disable flag), read-only Id, Tags. */
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
  const [tags, setTags] = useState('');
  const [openedFor, setOpenedFor] = useState<LifecycleRule | undefined>();
  const update = useUpdateLifecycle(bucket);
  if (rule !== openedFor) {
    setOpenedFor(rule);
    setEnabled(rule?.status !== 'Disabled');
    setTags(rule ? tagsText(rule) : '');
  }
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
              tags,
              disable: !enabled,
            },
          },
          { onSuccess: close },
        )
      }
      {...mutationState(update)}
    >
      <Switch
        label={t('lifecycle.enabled')}
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      <TextInput label={t('lifecycle.id')} value={rule?.id ?? ''} readOnly />
      {rule && (
        <QueryPairsInput
          key={rule.id}
          label={t('lifecycle.tags')}
          initial={tagsText(rule)}
          onChange={setTags}
        />
      )}
    </FormDialog>
  );
}
