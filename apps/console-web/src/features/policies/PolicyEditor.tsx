import { Button, Group, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type PolicyProblem, policyProblem } from './policyDocument.js';

interface PolicyEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Show the document's problem (after a first Save). */
  showProblem: boolean;
}

/** The JSON editor of a policy: monospace text, its problem under it, and Clear. */
export function PolicyEditor({ label, value, onChange, showProblem }: PolicyEditorProps) {
  const { t } = useTranslation();
  const problem: PolicyProblem | undefined = showProblem ? policyProblem(value) : undefined;
  return (
    <>
      <Textarea
        label={label}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        rows={16}
        ff="monospace"
        spellCheck={false}
        error={problem ? t(`policies.problems.${problem}`) : undefined}
      />
      <Group>
        <Button variant="default" size="xs" onClick={() => onChange('')}>
          {t('policies.clear')}
        </Button>
      </Group>
    </>
  );
}
