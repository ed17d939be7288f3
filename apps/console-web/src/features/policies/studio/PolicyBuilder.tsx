import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PolicyKind } from './lintPolicy.js';
import { newStatement, type PolicyModel, type StatementModel } from './policyModel.js';
import { StatementCard } from './StatementCard.js';

/** The visual side of the studio: the model's statements, each editable, added, duplicated or removed. */
export function PolicyBuilder({
  model,
  kind,
  onChange,
}: {
  model: PolicyModel;
  kind: PolicyKind;
  onChange: (next: PolicyModel) => void;
}) {
  const { t } = useTranslation();
  const setStatements = (statements: StatementModel[]) => onChange({ ...model, statements });
  const statements = model.statements;
  const added = () => {
    const statement = newStatement();
    if (kind === 'bucket')
      statement.principal = { not: false, value: [{ type: 'AWS', list: { values: ['*'], single: false } }] };
    return statement;
  };
  return (
    <Stack gap="sm">
      {statements.length === 0 && <Text c="dimmed">{t('policyStudio.noStatementsYet')}</Text>}
      {statements.map((statement, index) => (
        <StatementCard
          // biome-ignore lint/suspicious/noArrayIndexKey: statements have no identity but their place
          key={index}
          statement={statement}
          n={index + 1}
          kind={kind}
          onChange={(next) => setStatements(statements.map((s, i) => (i === index ? next : s)))}
          onDuplicate={() => {
            const copy = structuredClone(statement);
            // A copied Sid would be a duplicate: the copy starts without one.
            delete copy.sid;
            setStatements([...statements.slice(0, index + 1), copy, ...statements.slice(index + 1)]);
          }}
          onRemove={() => setStatements(statements.filter((_, i) => i !== index))}
        />
      ))}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size="1rem" aria-hidden />}
          onClick={() => setStatements([...statements, added()])}
        >
          {t('policyStudio.addStatement')}
        </Button>
      </Group>
    </Stack>
  );
}
