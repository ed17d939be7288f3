import { Stack, TagsInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsByGroup } from './actionGroups.js';
import { ExceptCheckbox } from './ExceptCheckbox.js';
import type { PolicyKind } from './lintPolicy.js';
import type { Negatable } from './policyModel.js';

/**
 * A statement's actions: search the catalogue (grouped by service and by read, list, write) or
 * type a pattern such as `s3:Get*`; "except" turns Action into NotAction.
 */
export function ActionsField({
  value,
  kind,
  onChange,
}: {
  value: Negatable | undefined;
  kind: PolicyKind;
  onChange: (next: Negatable) => void;
}) {
  const { t } = useTranslation();
  const data = useMemo(
    () =>
      actionsByGroup(kind).map(({ group, actions }) => ({
        group: t(`policyStudio.groups.${group}`),
        items: actions,
      })),
    [kind, t],
  );
  const current = value ?? { not: false, list: { values: [], single: false } };
  return (
    <Stack gap={4}>
      <TagsInput
        label={t('policyStudio.actions')}
        placeholder={t('policyStudio.actionsPlaceholder')}
        data={data}
        value={current.list.values}
        onChange={(values) => onChange({ ...current, list: { ...current.list, values } })}
        acceptValueOnBlur
        clearable
        maxDropdownHeight={280}
      />
      <ExceptCheckbox
        label={t('policyStudio.actionsExcept')}
        checked={current.not}
        onChange={(not) => onChange({ ...current, not })}
      />
    </Stack>
  );
}
