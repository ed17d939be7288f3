import { ActionIcon, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../theme/tokens.js';
import { ActionsField } from './ActionsField.js';
import { ConditionsField } from './ConditionsField.js';
import type { PolicyKind } from './lintPolicy.js';
import { PrincipalField } from './PrincipalField.js';
import type { StatementModel } from './policyModel.js';
import { ResourcesField } from './ResourcesField.js';

/** One statement in the builder: Sid, effect, principal (bucket policies), actions, resources, conditions. */
export function StatementCard({
  statement,
  n,
  kind,
  onChange,
  onDuplicate,
  onRemove,
}: {
  statement: StatementModel;
  /** Its place, from 1. */
  n: number;
  kind: PolicyKind;
  onChange: (next: StatementModel) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const set = <K extends keyof StatementModel>(key: K, value: StatementModel[K] | undefined) => {
    const next = { ...statement };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const effect = statement.effect === 'Deny' ? 'Deny' : 'Allow';
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('policyStudio.statement', { n: String(n) })}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('policyStudio.statement', { n: String(n) })}
          </Title>
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              aria-label={t('policyStudio.duplicate', { n: String(n) })}
              onClick={onDuplicate}
            >
              <IconCopy size="1rem" aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color={tokens.color.danger}
              aria-label={t('policyStudio.remove', { n: String(n) })}
              onClick={onRemove}
            >
              <IconTrash size="1rem" aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        <Group align="flex-end">
          <TextInput
            size="xs"
            label={t('policyStudio.sid')}
            value={statement.sid ?? ''}
            onChange={(e) => set('sid', e.currentTarget.value === '' ? undefined : e.currentTarget.value)}
            w="16rem"
          />
          <Stack gap={4}>
            <Text size="xs" fw={500}>
              {t('policyStudio.effect')}
            </Text>
            <SegmentedControl
              size="xs"
              aria-label={t('policyStudio.effect')}
              value={effect}
              data={[
                { value: 'Allow', label: t('policyStudio.allow') },
                { value: 'Deny', label: t('policyStudio.deny') },
              ]}
              onChange={(value) => set('effect', value)}
            />
          </Stack>
        </Group>
        {(kind === 'bucket' || statement.principal) && (
          <PrincipalField value={statement.principal} onChange={(v) => set('principal', v)} />
        )}
        <ActionsField value={statement.action} kind={kind} onChange={(v) => set('action', v)} />
        <ResourcesField value={statement.resource} onChange={(v) => set('resource', v)} />
        <ConditionsField value={statement.condition} onChange={(v) => set('condition', v)} />
      </Stack>
    </Paper>
  );
}
