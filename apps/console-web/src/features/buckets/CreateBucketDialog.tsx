import { Alert, Button, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, mutationState } from '../../components/FormDialog.js';
import { tokens } from '../../theme/tokens.js';
import { useSession } from '../session/SessionProvider.js';
import { QuotaFields, RetentionFields } from './BucketLimitFields.js';
import { BUCKET_NAME_DEBOUNCE_MS, canSave, EMPTY_FORM, reduceForm, toRequest } from './createBucketForm.js';
import { useMakeBucket } from './queries.js';

/** Create Bucket (spec 001 §4, §5): name, versioning, locking, quota and retention. */
export function CreateBucketDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const distributed = session.status === 'authenticated' && session.session.distributedMode;
  const [form, change] = useReducer(reduceForm, EMPTY_FORM);
  const [typedName, setTypedName] = useState('');
  const [storedName] = useDebouncedValue(typedName, BUCKET_NAME_DEBOUNCE_MS);
  const make = useMakeBucket();

  useEffect(() => change({ kind: 'name', name: storedName }), [storedName]);

  const reset = () => {
    setTypedName('');
    change({ kind: 'clear' });
    make.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const off = !distributed;

  return (
    <FormDialog
      opened={opened}
      title={t('buckets.createTitle')}
      onClose={close}
      onSubmit={() => make.mutate(toRequest(form, distributed), { onSuccess: close })}
      {...mutationState(make)}
      canSave={canSave(form) && typedName === storedName}
      extraActions={
        <Button variant="subtle" onClick={reset}>
          {t('buckets.clear')}
        </Button>
      }
    >
      <TextInput
        label={t('buckets.name')}
        value={typedName}
        onChange={(e) => setTypedName(e.currentTarget.value)}
        required
        data-autofocus
      />
      {off && (
        <Alert color={tokens.color.warning} variant="light">
          {t('buckets.nonErasure')}
        </Alert>
      )}
      <Switch
        label={t('buckets.versioning')}
        checked={form.versioning}
        disabled={off || form.locking}
        onChange={(e) => change({ kind: 'versioning', on: e.currentTarget.checked })}
      />
      <Switch
        label={t('buckets.locking')}
        checked={form.locking}
        disabled={off || form.retention.enabled}
        onChange={(e) => change({ kind: 'locking', on: e.currentTarget.checked })}
      />
      <Switch
        label={t('buckets.quota')}
        checked={form.quota.enabled}
        disabled={off}
        onChange={(e) => change({ kind: 'quota', quota: { enabled: e.currentTarget.checked } })}
      />
      {form.quota.enabled && (
        <Stack gap="xs" ps="lg">
          <QuotaFields
            value={form.quota}
            onChange={(q) => change({ kind: 'quota', quota: { ...q, size: String(q.size) } })}
          />
        </Stack>
      )}
      <Switch
        label={t('buckets.retention')}
        checked={form.retention.enabled}
        disabled={off || !form.versioning}
        description={!form.versioning && !off ? t('buckets.retentionNeedsVersioning') : undefined}
        onChange={(e) => change({ kind: 'retention', retention: { enabled: e.currentTarget.checked } })}
      />
      {form.retention.enabled && (
        <Stack gap="xs" ps="lg">
          <RetentionFields
            value={form.retention}
            onChange={(r) => change({ kind: 'retention', retention: { ...r, validity: String(r.validity) } })}
          />
        </Stack>
      )}
      <Text size="xs" c={tokens.color['text-muted']}>
        {t('buckets.nameRules')}
      </Text>
    </FormDialog>
  );
}
