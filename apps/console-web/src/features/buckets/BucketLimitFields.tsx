import { Group, NumberInput, SegmentedControl, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QUOTA_UNITS, type QuotaUnit } from './createBucketForm.js';

// The quota and retention inputs shared by Create Bucket and the bucket Summary's dialogs.

export interface QuotaValue {
  type: 'hard' | 'fifo';
  size: number | string;
  unit: QuotaUnit;
}

export function QuotaFields({
  value,
  onChange,
}: {
  value: QuotaValue;
  onChange: (next: QuotaValue) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SegmentedControl
        aria-label={t('buckets.quotaType')}
        value={value.type}
        onChange={(type) => onChange({ ...value, type: type as QuotaValue['type'] })}
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
          value={value.size}
          onChange={(size) => onChange({ ...value, size })}
        />
        <Select
          label={t('buckets.unit')}
          data={[...QUOTA_UNITS]}
          value={value.unit}
          allowDeselect={false}
          onChange={(unit) => unit && onChange({ ...value, unit: unit as QuotaUnit })}
        />
      </Group>
    </>
  );
}

export interface RetentionValue {
  mode: 'compliance' | 'governance';
  unit: 'days' | 'years';
  validity: number | string;
}

export function RetentionFields({
  value,
  onChange,
}: {
  value: RetentionValue;
  onChange: (next: RetentionValue) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SegmentedControl
        aria-label={t('buckets.retentionMode')}
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode: mode as RetentionValue['mode'] })}
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
          value={value.validity}
          onChange={(validity) => onChange({ ...value, validity })}
        />
        <Select
          label={t('buckets.unit')}
          data={[
            { value: 'days', label: t('buckets.units.days') },
            { value: 'years', label: t('buckets.units.years') },
          ]}
          value={value.unit}
          allowDeselect={false}
          onChange={(unit) => unit && onChange({ ...value, unit: unit as RetentionValue['unit'] })}
        />
      </Group>
    </>
  );
}
