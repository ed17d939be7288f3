import { ActionIcon, Autocomplete, Button, Group, Paper, Stack, TagsInput, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../theme/tokens.js';
import { CONDITION_KEY_NAMES, OPERATOR_NAMES } from './conditionNames.js';
import type { ConditionModel, Scalar } from './policyModel.js';

/** The edited strings, keeping a value's JSON type (number, boolean) while its text is unchanged. */
const keepTypes = (before: Scalar[], after: string[]): Scalar[] =>
  after.map((text) => before.find((old) => String(old) === text) ?? text);

/**
 * A statement's Condition block: per operator (completed from the store's list, qualifiers and
 * IfExists included), its keys (completed) and their values.
 */
export function ConditionsField({
  value,
  onChange,
}: {
  value: ConditionModel[] | undefined;
  onChange: (next: ConditionModel[] | undefined) => void;
}) {
  const { t } = useTranslation();
  const conditions = value ?? [];
  const set = (index: number, next: ConditionModel | undefined) => {
    const list = conditions.flatMap((c, i) => (i === index ? (next ? [next] : []) : [c]));
    onChange(list.length === 0 ? undefined : list);
  };
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('policyStudio.conditions')}
      </Text>
      {conditions.map((condition, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an operator's name changes as it is typed; its place is its identity
        <Paper key={index} withBorder p="xs">
          <Stack gap="xs">
            <Group align="flex-end" gap="xs">
              <Autocomplete
                size="xs"
                label={t('policyStudio.operator')}
                data={OPERATOR_NAMES as string[]}
                value={condition.operator}
                onChange={(operator) => set(index, { ...condition, operator })}
                limit={40}
                w="20rem"
              />
              <ActionIcon
                variant="subtle"
                color={tokens.color.danger}
                aria-label={t('policyStudio.removeCondition', { operator: condition.operator })}
                onClick={() => set(index, undefined)}
              >
                <IconTrash size="1rem" aria-hidden />
              </ActionIcon>
            </Group>
            {condition.keys.map((entry, keyIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a key's name changes as it is typed
              <Group key={keyIndex} align="flex-end" gap="xs" wrap="nowrap">
                <Autocomplete
                  size="xs"
                  label={t('policyStudio.conditionKey')}
                  data={CONDITION_KEY_NAMES as string[]}
                  value={entry.key}
                  onChange={(key) =>
                    set(index, {
                      ...condition,
                      keys: condition.keys.map((k, i) => (i === keyIndex ? { ...k, key } : k)),
                    })
                  }
                  limit={40}
                  w="16rem"
                />
                <TagsInput
                  size="xs"
                  label={t('policyStudio.conditionValues')}
                  value={entry.list.values.map(String)}
                  onChange={(values) =>
                    set(index, {
                      ...condition,
                      keys: condition.keys.map((k, i) =>
                        i === keyIndex
                          ? { ...k, list: { ...k.list, values: keepTypes(k.list.values, values) } }
                          : k,
                      ),
                    })
                  }
                  acceptValueOnBlur
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color={tokens.color.danger}
                  aria-label={t('policyStudio.removeKey', { key: entry.key })}
                  onClick={() =>
                    set(index, { ...condition, keys: condition.keys.filter((_, i) => i !== keyIndex) })
                  }
                >
                  <IconTrash size="1rem" aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPlus size="0.9rem" aria-hidden />}
                onClick={() =>
                  set(index, {
                    ...condition,
                    keys: [...condition.keys, { key: '', list: { values: [], single: false } }],
                  })
                }
              >
                {t('policyStudio.addKey')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size="0.9rem" aria-hidden />}
          onClick={() =>
            onChange([
              ...conditions,
              { operator: 'StringEquals', keys: [{ key: '', list: { values: [], single: false } }] },
            ])
          }
        >
          {t('policyStudio.addCondition')}
        </Button>
      </Group>
    </Stack>
  );
}
