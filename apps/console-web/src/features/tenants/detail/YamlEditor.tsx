import { yaml } from '@codemirror/lang-yaml';
import type { Diagnostic } from '@codemirror/lint';
import { useEffect, useMemo } from 'react';
import { useCodeEditor } from '../../../components/useCodeEditor.js';
import schema from './tenant-schema.generated.json';
import { type CrdSchema, tenantYamlProblems, type YamlProblem } from './tenantYamlProblems.js';

// Loaded on demand (EditYamlDialog imports it lazily): CodeMirror and the Tenant schema stay
// out of the first screen's JavaScript.

const YAML = yaml();

const toDiagnostic = (p: YamlProblem): Diagnostic => ({
  from: p.from,
  to: p.to,
  severity: p.severity,
  message: p.message,
});

/**
 * CodeMirror 6 with YAML highlighting; each edit is checked against the Tenant CRD schema and
 * the problems are drawn inline (underline and gutter) and handed to `onProblems`.
 */
export default function YamlEditor({
  value,
  onChange,
  onProblems,
  label,
  readOnly = false,
}: {
  value: string;
  onChange: (text: string) => void;
  onProblems: (problems: YamlProblem[]) => void;
  label: string;
  readOnly?: boolean;
}) {
  const problems = useMemo(() => tenantYamlProblems(value, schema as CrdSchema), [value]);
  const diagnostics = useMemo(() => problems.map(toDiagnostic), [problems]);
  const host = useCodeEditor({ value, onChange, label, language: YAML, diagnostics, readOnly });

  useEffect(() => onProblems(problems), [problems, onProblems]);

  return <div ref={host} data-testid="yaml-editor" />;
}
