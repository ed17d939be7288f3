import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { CHORD_MS, chordClock, GO_CHORDS, isTyping } from './shortcuts.js';
import { openShortcutsHelp } from './shortcutsHelp.js';

/**
 * The global keys of shortcuts.ts: "?" help, "/" the page's search box, "g" then a letter a page
 * the session may open (`allowed`). Keys typed into fields are left alone.
 */
export function useShortcuts(allowed: ReadonlySet<string>) {
  const navigate = useNavigate();
  const chordAt = useRef<number | undefined>(undefined);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event)) return;
      // An open dialog keeps its keys (Tab, Esc, its own fields).
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      const started = chordAt.current;
      chordAt.current = undefined;
      if (started !== undefined && chordClock.now() - started <= CHORD_MS) {
        const chord = GO_CHORDS.find((c) => c.key === event.key.toLowerCase());
        if (chord && allowed.has(chord.path)) {
          event.preventDefault();
          void navigate(chord.path);
        }
        return;
      }
      // "?" is Shift+/ on most layouts; some report the slash with Shift held.
      if (event.key === '?' || (event.key === '/' && event.shiftKey)) {
        event.preventDefault();
        openShortcutsHelp();
      } else if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('main input[type="search"]');
        if (search) {
          event.preventDefault();
          search.focus();
        }
      } else if (event.key === 'g') {
        chordAt.current = chordClock.now();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [allowed, navigate]);
}
