import { syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useComputedColorScheme } from '@mantine/core';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { codeEditorChrome, codeHighlight } from './codeEditorTheme.js';

// A CodeMirror 6 editor bound to React state, for the lazily loaded code editors (tenant YAML,
// policy JSON). Imported only by them, so CodeMirror stays out of the other screens.

/**
 * Mounts an editor in the returned element: `value` seeds it and later replaces its text when it
 * differs (a reload, the visual builder), each edit reaches `onChange`, and `diagnostics` are
 * drawn inline (underline and gutter). `language` must be stable (a module constant).
 */
export function useCodeEditor({
  value,
  onChange,
  label,
  language,
  diagnostics,
  readOnly = false,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  language: Extension;
  diagnostics: readonly Diagnostic[];
  readOnly?: boolean;
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
          language,
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
  }, [dark, label, readOnly, language]);

  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value)
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    // Problems of an older text may reach past the end for a moment.
    const length = editor.state.doc.length;
    editor.dispatch(
      setDiagnostics(
        editor.state,
        diagnostics.filter((d) => d.to <= length),
      ),
    );
  }, [diagnostics]);

  return host;
}
