import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import type { Diagnostic } from '@codemirror/lint';
import { useCodeEditor } from '../../../components/useCodeEditor.js';
import { completeAction } from './actionCompletion.js';

// Loaded on demand (PolicyStudio imports it lazily): CodeMirror stays out of the screens that
// do not edit policies.

function actionNames(context: CompletionContext): CompletionResult | null {
  const found = completeAction(context.state.sliceDoc(0, context.pos));
  if (!found) return null;
  return {
    from: found.from,
    options: found.options.map((label) => ({ label, type: 'keyword' })),
    validFor: /^[A-Za-z0-9:*?-]*$/,
  };
}

/** JSON, with action names completed. */
const JSON_LANGUAGE = [json(), autocompletion({ override: [actionNames] })];

/**
 * CodeMirror 6 with JSON highlighting, the studio's lint problems drawn inline (underline and
 * gutter) and completion of action names inside "Action" and "NotAction".
 */
export default function PolicyJsonEditor({
  value,
  onChange,
  diagnostics,
  label,
}: {
  value: string;
  onChange: (text: string) => void;
  diagnostics: Diagnostic[];
  label: string;
}) {
  const host = useCodeEditor({ value, onChange, label, language: JSON_LANGUAGE, diagnostics });
  return <div ref={host} data-testid="policy-json-editor" />;
}
