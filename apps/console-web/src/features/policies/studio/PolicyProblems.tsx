import { Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../theme/tokens.js';
import { lintMessage } from './lintMessage.js';
import type { PolicyLint } from './lintPolicy.js';

/** The document's lint problems under the editor: counts, then each one with its severity. */
export function PolicyProblems({ problems, blocked }: { problems: PolicyLint[]; blocked: boolean }) {
  const { t } = useTranslation();
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  return (
    <Stack gap={4} aria-live="polite">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {t('policyStudio.problemsTitle')}
        </Text>
        {problems.length === 0 ? (
          <Text size="sm" c={tokens.color.success}>
            {t('policyStudio.noProblems')}
          </Text>
        ) : (
          <>
            <Text size="sm" fw={700} c={tokens.color.danger}>
              {t('policyStudio.errors', { count: errors })}
            </Text>
            <Text size="sm" fw={700} c={tokens.color.warning}>
              {t('policyStudio.warnings', { count: warnings })}
            </Text>
          </>
        )}
      </Group>
      {blocked && errors > 0 && (
        <Text size="sm" c={tokens.color.danger} role="alert">
          {t('policyStudio.blocked')}
        </Text>
      )}
      {problems.length > 0 && (
        <List size="sm" spacing={2} aria-label={t('policyStudio.problemsTitle')}>
          {problems.map((p, i) => (
            <List.Item
              // biome-ignore lint/suspicious/noArrayIndexKey: two problems may share code and place
              key={i}
              c={p.severity === 'error' ? tokens.color.danger : tokens.color.warning}
            >
              {lintMessage(t, p)}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
