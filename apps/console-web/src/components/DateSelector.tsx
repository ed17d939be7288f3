import { Group, Input, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { DATE_YEARS, type DateParts } from './dateParts.js';

interface DateSelectorProps {
  label: string;
  value: DateParts | undefined;
  onChange: (value: DateParts | undefined) => void;
  /** Spec 001 §9: years from this one, for 25 years. */
  years?: number;
  /** Shown when the three parts do not form a real date. */
  error?: string | undefined;
  disabled?: boolean;
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => String(from + i));

/** Month, day and year selects; the caller decides whether they form a real date. */
export function DateSelector({
  label,
  value,
  onChange,
  years = DATE_YEARS,
  error,
  disabled = false,
}: DateSelectorProps) {
  const { t } = useTranslation();
  const thisYear = new Date().getFullYear();
  const set = (part: keyof DateParts) => (text: string | null) => {
    const base = value ?? { year: thisYear, month: 1, day: 1 };
    onChange(text ? { ...base, [part]: Number(text) } : undefined);
  };
  return (
    <Input.Wrapper label={label} error={error}>
      <Group grow gap="xs" mt={4}>
        <Select
          aria-label={t('common.month')}
          placeholder={t('common.month')}
          data={range(1, 12)}
          value={value ? String(value.month) : null}
          onChange={set('month')}
          disabled={disabled}
        />
        <Select
          aria-label={t('common.day')}
          placeholder={t('common.day')}
          data={range(1, 31)}
          value={value ? String(value.day) : null}
          onChange={set('day')}
          disabled={disabled}
        />
        <Select
          aria-label={t('common.year')}
          placeholder={t('common.year')}
          data={range(thisYear, years)}
          value={value ? String(value.year) : null}
          onChange={set('year')}
          disabled={disabled}
        />
      </Group>
    </Input.Wrapper>
  );
}
