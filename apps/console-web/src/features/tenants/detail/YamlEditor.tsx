import { yaml } from '@codemirror/lang-yaml';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useComputedColorScheme } from '@mantine/core';
import { basicSetup } from 'codemirror';
import { useEffect, useMemo, useRef } from 'react';
import { tokens } from '../../../theme/tokens.js';
import schema from './tenant-schema.generated.json';
import { type CrdSchema, tenantYamlProblems, type YamlProblem } from './tenantYamlProblems.js';

// Loaded on demand (EditYamlDialog imports it lazily): CodeMirror and the Tenant schema stay
// out of the first screen's JavaScript.

/** YAML colours from the semantic tokens, so both themes keep their text contrast. */
const highlight = HighlightStyle.define([
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: tokens.color.accent },
  { tag: [tags.string, tags.special(tags.string)], color: tokens.color.success },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: tokens.color.warning },
  { tag: tags.comment, color: tokens.color['text-muted'], fontStyle: 'italic' },
  { tag: [tags.meta, tags.punctuation, tags.separator], color: tokens.color['text-muted'] },
]);

const chrome = (dark: boolean) =>
  EditorView.theme(
    {
      '&': {
        color: tokens.color.text,
        backgroundColor: tokens.color['bg-surface'],
        border: `1px solid ${tokens.color.border}`,
        borderRadius: 'var(--mantine-radius-sm)',
        fontSize: 'var(--mantine-font-size-sm)',
      },
      // No height cap: a scrolling region must take focus itself (axe), so the dialog scrolls instead.
      '.cm-scroller': { fontFamily: 'var(--mantine-font-family-monospace)' },
      '.cm-gutters': {
        backgroundColor: tokens.color['bg-canvas'],
        color: tokens.color['text-muted'],
        borderRight: `1px solid ${tokens.color.border}`,
      },
      // A tinted current line would cost the highlighted text its contrast; the gutter marks it.
      '.cm-activeLine': { backgroundColor: 'transparent' },
      '.cm-activeLineGutter': { backgroundColor: 'transparent', color: tokens.color.text, fontWeight: 700 },
      '&.cm-focused': { outline: `2px solid ${tokens.color.accent}` },
      '.cm-cursor': { borderLeftColor: tokens.color.text },
    },
    { dark },
  );

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
          syntaxHighlighting(highlight),
          lintGutter(),
          chrome(dark),
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
