import { createStore, useStore } from '../lib/externalStore.js';

// How the console is drawn for the person using it, beside light/dark: high contrast and reduced
// motion. Each is an attribute on <html> that theme/display.css keys on, so every screen follows
// without knowing. They start from the system's own settings and are kept per browser.

export interface DisplayPrefs {
  /** high: text and borders at full strength, underlined links, a wider focus ring. */
  contrast: 'normal' | 'high';
  /** reduce: no transitions or animations (also when the system asks, whatever this says). */
  motion: 'normal' | 'reduce';
}

export const DISPLAY_KEY = 'stowage-display';

const systemAsks = (query: string) =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia(query).matches;

/** Stored choices, else the system's: prefers-contrast: more, prefers-reduced-motion: reduce. */
export function initialDisplay(stored: string | null = readStored()): DisplayPrefs {
  const fromSystem: DisplayPrefs = {
    contrast: systemAsks('(prefers-contrast: more)') ? 'high' : 'normal',
    motion: systemAsks('(prefers-reduced-motion: reduce)') ? 'reduce' : 'normal',
  };
  try {
    const saved = JSON.parse(stored ?? 'null') as Partial<DisplayPrefs> | null;
    return {
      contrast:
        saved?.contrast === 'high' || saved?.contrast === 'normal' ? saved.contrast : fromSystem.contrast,
      motion: saved?.motion === 'reduce' || saved?.motion === 'normal' ? saved.motion : fromSystem.motion,
    };
  } catch {
    return fromSystem;
  }
}

function readStored(): string | null {
  try {
    return localStorage.getItem(DISPLAY_KEY);
  } catch {
    return null;
  }
}

const display = createStore<DisplayPrefs>(initialDisplay());

function apply(prefs: DisplayPrefs) {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.contrast = prefs.contrast;
  document.documentElement.dataset.motion = prefs.motion;
}
apply(display.get());

export function setDisplay(patch: Partial<DisplayPrefs>) {
  const next = { ...display.get(), ...patch };
  display.set(next);
  apply(next);
  try {
    localStorage.setItem(DISPLAY_KEY, JSON.stringify(next));
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
}

export const displayNow = (): DisplayPrefs => display.get();
export const useDisplay = (): DisplayPrefs => useStore(display);
