import type { Diagnostic } from '@codemirror/lint';
import { Alert, Stack, Tabs, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../theme/tokens.js';
import { lintMessage } from './lintMessage.js';
import type { PolicyKind, PolicyLint } from './lintPolicy.js';
import { PolicyBuilder } from './PolicyBuilder.js';
import { PolicyProblems } from './PolicyProblems.js';
import { parsePolicyModel, policyModelToText } from './policyModel.js';
import { TemplatePicker } from './TemplatePicker.js';

const PolicyJsonEditor = lazy(() => import('./PolicyJsonEditor.js'));

/**
 * The policy studio: one document shown two ways, Visual (the builder) and JSON (a code
 * editor), each edit of either rewriting the same text; templates; the lint problems under both.
 * A document the builder cannot show stays whole in the JSON tab.
 */
export function PolicyStudio({
  value,
  onChange,
  problems,
  kind,
  bucket,
  label,
  blocked,
}: {
  value: string;
  onChange: (text: string) => void;
  /** lintPolicy's problems of `value`, from the screen that decides whether it may be saved. */
  problems: PolicyLint[];
  kind: PolicyKind;
  /** A bucket policy's bucket. */
  bucket?: string;
  label: string;
  /** A save was refused for errors: say so. */
  blocked: boolean;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string | null>('visual');
  const model = useMemo(() => parsePolicyModel(value), [value]);
  const diagnostics = useMemo<Diagnostic[]>(
    () => problems.map((p) => ({ from: p.from, to: p.to, severity: p.severity, message: lintMessage(t, p) })),
    [problems, t],
  );
  return (
    <Stack gap="sm">
      <TemplatePicker kind={kind} bucket={bucket} onApply={onChange} />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm" aria-label={label}>
          <Tabs.Tab value="visual">{t('policyStudio.visual')}</Tabs.Tab>
          <Tabs.Tab value="json">{t('policyStudio.json')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="visual">
          {model.ok ? (
            <PolicyBuilder
              model={model.model}
              kind={kind}
              onChange={(next) => onChange(policyModelToText(next))}
            />
          ) : (
            <Alert color={tokens.intent.warning} variant="light">
              <Text size="sm">{t('policyStudio.notVisual')}</Text>
            </Alert>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="json">
          <Suspense fallback={<Text c="dimmed">{t('policyStudio.json')}</Text>}>
            <PolicyJsonEditor value={value} onChange={onChange} diagnostics={diagnostics} label={label} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
      <PolicyProblems problems={problems} blocked={blocked} />
    </Stack>
  );
}
