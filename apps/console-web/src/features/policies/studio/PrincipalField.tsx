import { SegmentedControl, Stack, TagsInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ExceptCheckbox } from './ExceptCheckbox.js';
import type { PrincipalModel } from './policyModel.js';

/** A bucket policy statement's Principal: everyone (`"*"`) or a list of AWS principals. */
export function PrincipalField({
  value,
  onChange,
}: {
  value: PrincipalModel | undefined;
  onChange: (next: PrincipalModel) => void;
}) {
  const { t } = useTranslation();
  const current: PrincipalModel = value ?? { not: false, value: '*' };
  const types = current.value === '*' ? [] : current.value;
  const aws = types.find((p) => p.type === 'AWS');
  const others = types.filter((p) => p.type !== 'AWS').map((p) => p.type);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('policyStudio.principal')}
      </Text>
      <SegmentedControl
        size="xs"
        aria-label={t('policyStudio.principal')}
        value={current.value === '*' ? 'everyone' : 'accounts'}
        data={[
          { value: 'everyone', label: t('policyStudio.principalEveryone') },
          { value: 'accounts', label: t('policyStudio.principalAccounts') },
        ]}
        onChange={(choice) =>
          onChange({
            ...current,
            value: choice === 'everyone' ? '*' : [{ type: 'AWS', list: { values: ['*'], single: false } }],
          })
        }
        style={{ alignSelf: 'flex-start' }}
      />
      {current.value !== '*' && (
        <TagsInput
          size="xs"
          label={t('policyStudio.principalAws')}
          value={aws?.list.values ?? []}
          onChange={(values) =>
            onChange({
              ...current,
              value: aws
                ? types.map((p) => (p === aws ? { ...p, list: { ...p.list, values } } : p))
                : [...types, { type: 'AWS', list: { values, single: false } }],
            })
          }
          acceptValueOnBlur
        />
      )}
      {others.length > 0 && (
        <Text size="xs" c="dimmed">
          {t('policyStudio.principalOther', { types: others.join(', ') })}
        </Text>
      )}
      <ExceptCheckbox
        label={t('policyStudio.principalExcept')}
        checked={current.not}
        onChange={(not) => onChange({ ...current, not })}
      />
    </Stack>
  );
}
