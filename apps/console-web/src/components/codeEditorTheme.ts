import { HighlightStyle } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { tokens } from '../theme/tokens.js';

// The code editors' look (YAML of a tenant, JSON of a policy), from the semantic tokens so
// both themes keep their text contrast. Imported only by the lazily loaded editors.

/** Syntax colours. */
export const codeHighlight = HighlightStyle.define([
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: tokens.color.accent },
  { tag: [tags.string, tags.special(tags.string)], color: tokens.color.success },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: tokens.color.warning },
  { tag: tags.comment, color: tokens.color['text-muted'], fontStyle: 'italic' },
  { tag: [tags.meta, tags.punctuation, tags.separator], color: tokens.color['text-muted'] },
]);

/** The editor's frame, gutters and cursor. */
export const codeEditorChrome = (dark: boolean) =>
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
