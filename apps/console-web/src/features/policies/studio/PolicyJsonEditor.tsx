import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useComputedColorScheme } from '@mantine/core';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { codeEditorChrome, codeHighlight } from '../../../components/codeEditorTheme.js';
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
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const dark = useComputedColorScheme('light') === 'dark';

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
          json(),
          autocompletion({ override: [actionNames] }),
          syntaxHighlighting(codeHighlight),
          lintGutter(),
          codeEditorChrome(dark),
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
  }, [dark, label]);

  // A new text from outside (the builder, a template) replaces the editor's.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const length = editor.state.doc.length;
    // Problems of an older text may reach past the end for a moment.
    const inDoc = diagnostics.filter((d) => d.to <= length);
    editor.dispatch(setDiagnostics(editor.state, inDoc));
  }, [diagnostics]);

  return <div ref={host} data-testid="policy-json-editor" />;
}
