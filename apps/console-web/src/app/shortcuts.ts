// The console's keyboard shortcuts, as data: the help dialog lists these, and useShortcuts acts
// on the global ones. Keys inside tables and dialogs belong to those components; they are listed
// here so the help tells the whole story.

/** "g" then a letter opens a page (when the session may open it). */
export const GO_CHORDS = [
  { key: 'd', path: '/dashboard' },
  { key: 'b', path: '/buckets' },
  { key: 'u', path: '/users' },
  { key: 'g', path: '/groups' },
  { key: 'p', path: '/policies' },
  { key: 's', path: '/settings' },
  { key: 'j', path: '/jobs' },
  { key: 't', path: '/tenants' },
] as const;

/** How long after "g" its second key counts. */
export const CHORD_MS = 1500;
/** The chords' clock (tests move it). */
export const chordClock = { now: (): number => Date.now() };

export type ShortcutArea = 'global' | 'navigation' | 'tables' | 'dialogs';

export interface Shortcut {
  area: ShortcutArea;
  /** Keys pressed together, or in turn for a chord ('g d'). */
  keys: readonly string[];
  /** i18n key under `shortcuts.actions`. */
  action: string;
  /** Pressed one after the other. */
  chord?: boolean;
}

export const SHORTCUTS: readonly Shortcut[] = [
  { area: 'global', keys: ['?'], action: 'help' },
  { area: 'global', keys: ['Mod', 'K'], action: 'palette' },
  { area: 'global', keys: ['/'], action: 'search' },
  ...GO_CHORDS.map(
    (c): Shortcut => ({
      area: 'navigation',
      keys: ['G', c.key.toUpperCase()],
      action: `go.${c.key}`,
      chord: true,
    }),
  ),
  { area: 'tables', keys: ['↑', '↓'], action: 'rows' },
  { area: 'tables', keys: ['PageUp', 'PageDown'], action: 'pages' },
  { area: 'tables', keys: ['Home', 'End'], action: 'ends' },
  { area: 'tables', keys: ['Enter'], action: 'open' },
  { area: 'tables', keys: ['Space'], action: 'select' },
  { area: 'tables', keys: ['Shift', 'Space'], action: 'selectRange' },
  { area: 'dialogs', keys: ['Tab'], action: 'next' },
  { area: 'dialogs', keys: ['Shift', 'Tab'], action: 'previous' },
  { area: 'dialogs', keys: ['Esc'], action: 'close' },
];

/** A key typed into a field, or with a modifier, is not a shortcut. */
export function isTyping(event: Pick<KeyboardEvent, 'target' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const el = event.target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  return (
    el.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) ||
    el.getAttribute('role') === 'combobox' ||
    // CodeMirror and similar editors.
    el.closest('[contenteditable="true"], .cm-editor') !== null
  );
}
