import { createStore, useStore } from '../lib/externalStore.js';

// Whether the keyboard help is open: the "?" key, the command palette and the sidebar open it;
// the dialog itself loads only then (ShortcutsDialog.tsx stays out of the initial bundle).

const opened = createStore(false);

export const openShortcutsHelp = () => opened.set(true);
export const closeShortcutsHelp = () => opened.set(false);
export const useShortcutsHelpOpen = (): boolean => useStore(opened);
