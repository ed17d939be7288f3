import { yaml } from '@codemirror/lang-yaml';
import { syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useComputedColorScheme } from '@mantine/core';
import { basicSetup } from 'codemirror';
import { useEffect, useMemo, useRef } from 'react';
import { codeEditorChrome, codeHighlight } from '../../../components/codeEditorTheme.js';
import schema from './tenant-schema.generated.json';
import { type CrdSchema, tenantYamlProblems, type YamlProblem } from './tenantYamlProblems.js';

// Loaded on demand (EditYamlDialog imports it lazily): CodeMirror and the Tenant schema stay
// out of the first screen's JavaScript.

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
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const dark = useComputedColorScheme('light') === 'dark';
  const problems = useMemo(() => tenantYamlProblems(value, schema as CrdSchema), [value]);

  // One editor per mount (and theme); the text is its own, the parent only hears the changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `value` seeds the editor once; later values arrive through the effect below.
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          EditorView.lineWrapping,
          yaml(),
          syntaxHighlighting(codeHighlight),
          lintGutter(),
          codeEditorChrome(dark),
          EditorState.readOnly.of(readOnly),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) changed.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [dark, label, readOnly]);

  // A new text from outside (a reload) replaces the editor's.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (editor) editor.dispatch(setDiagnostics(editor.state, problems.map(toDiagnostic)));
    onProblems(problems);
  }, [problems, onProblems]);

  return <div ref={host} data-testid="yaml-editor" />;
}
