import { Badge, Code, Stack, Text, Title } from '@mantine/core';
import type { EvaluatedPolicy, SimulatePolicyResponse } from '@stowage/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable.js';
import { tokens } from '../../theme/tokens.js';

/** The answer: allowed or denied, the statement that decided (its JSON), every policy's outcome. */
export function SimulationResult({ result }: { result: SimulatePolicyResponse }) {
  const { t } = useTranslation();
  const by = result.decidedBy;
  const columns = useMemo<Column<EvaluatedPolicy>[]>(
    () => [
      { header: t('policySimulator.columns.policy'), cell: (p) => p.policy },
      { header: t('policySimulator.columns.source'), cell: (p) => t(`policySimulator.sources.${p.source}`) },
      {
        header: t('policySimulator.columns.outcome'),
        cell: (p) => t(`policySimulator.outcomes.${p.outcome}`),
      },
    ],
    [t],
  );
  const explanation = by
    ? t(by.sid ? 'policySimulator.decidedBySid' : 'policySimulator.decidedBy', {
        statement: String(by.statement),
        sid: by.sid ?? '',
        source: t(`policySimulator.sources.${by.source}`),
        policy: by.policy,
      })
    : t(result.allowed ? 'policySimulator.unlimited' : 'policySimulator.implicitDeny');

  return (
    <Stack gap="sm" aria-live="polite">
      <Title order={2} size="h4">
        {t('policySimulator.result')}{' '}
        <Badge
          size="lg"
          variant="outline"
          color={result.allowed ? tokens.color.success : tokens.color.danger}
          data-testid="simulation-verdict"
        >
          {result.allowed ? t('policySimulator.allowed') : t('policySimulator.denied')}
        </Badge>
      </Title>
      <Text>{explanation}</Text>
      {by && (
        <Stack gap={4}>
          <Text fw={600}>{t('policySimulator.statement')}</Text>
          <Code
            block
            aria-label={t('policySimulator.statement')}
            style={{
              borderInlineStart: `4px solid ${by.effect === 'Allow' ? tokens.color.success : tokens.color.danger}`,
            }}
          >
            {by.document}
          </Code>
        </Stack>
      )}
      <DataTable
        label={t('policySimulator.evaluated')}
        rows={result.evaluated}
        rowKey={(p) => `${p.source}:${p.policy}`}
        columns={columns}
        empty={t('policySimulator.evaluatedEmpty')}
      />
    </Stack>
  );
}
