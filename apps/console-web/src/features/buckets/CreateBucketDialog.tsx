import {
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.js';
import { tokens } from '../../theme/tokens.js';
import { useSession } from '../session/SessionProvider.js';
import {
  BUCKET_NAME_DEBOUNCE_MS,
  canSave,
  EMPTY_FORM,
  QUOTA_UNITS,
  type QuotaUnit,
  reduceForm,
  toRequest,
} from './createBucketForm.js';
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
      error={make.error}
      onErrorClose={() => make.reset()}
      canSave={canSave(form) && typedName === storedName}
      pending={make.isPending}
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
        <Stack gap="xs" pl="lg">
          <SegmentedControl
            aria-label={t('buckets.quotaType')}
            value={form.quota.type}
            onChange={(type) => change({ kind: 'quota', quota: { type: type as 'hard' | 'fifo' } })}
            data={[
              { value: 'hard', label: t('buckets.quotaTypes.hard') },
              { value: 'fifo', label: t('buckets.quotaTypes.fifo') },
            ]}
          />
          <Group grow align="flex-end">
            <NumberInput
              label={t('buckets.quotaSize')}
              min={1}
              allowDecimal={false}
              value={form.quota.size}
              onChange={(v) => change({ kind: 'quota', quota: { size: String(v) } })}
            />
            <Select
              label={t('buckets.unit')}
              data={[...QUOTA_UNITS]}
              value={form.quota.unit}
              allowDeselect={false}
              onChange={(unit) => unit && change({ kind: 'quota', quota: { unit: unit as QuotaUnit } })}
            />
          </Group>
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
        <Stack gap="xs" pl="lg">
          <SegmentedControl
            aria-label={t('buckets.retentionMode')}
            value={form.retention.mode}
            onChange={(mode) =>
              change({ kind: 'retention', retention: { mode: mode as 'compliance' | 'governance' } })
            }
            data={[
              { value: 'compliance', label: t('buckets.modes.compliance') },
              { value: 'governance', label: t('buckets.modes.governance') },
            ]}
          />
          <Group grow align="flex-end">
            <NumberInput
              label={t('buckets.validity')}
              min={1}
              allowDecimal={false}
              value={form.retention.validity}
              onChange={(v) => change({ kind: 'retention', retention: { validity: String(v) } })}
            />
            <Select
              label={t('buckets.unit')}
              data={[
                { value: 'days', label: t('buckets.units.days') },
                { value: 'years', label: t('buckets.units.years') },
              ]}
              value={form.retention.unit}
              allowDeselect={false}
              onChange={(unit) =>
                unit && change({ kind: 'retention', retention: { unit: unit as 'days' | 'years' } })
              }
            />
          </Group>
        </Stack>
      )}
      <Text size="xs" c={tokens.color['text-muted']}>
        {t('buckets.nameRules')}
      </Text>
    </FormDialog>
  );
}
