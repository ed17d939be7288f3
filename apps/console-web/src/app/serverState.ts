import { createStore, useStore } from '../lib/externalStore.js';

/** Spec 000 §4 global flags about the server: a restart is needed, and it is restarting. */
export interface ServerState {
  needsRestart: boolean;
  /** "Server is loading": set while a restart runs. */
  loading: boolean;
}

const state = createStore<ServerState>({ needsRestart: false, loading: false });

const update = (next: Partial<ServerState>) => state.set({ ...state.get(), ...next });

export const markRestartNeeded = () => update({ needsRestart: true });
/** A configuration change's answer: the restart bar shows only when the server asks for one. */
export const followRestartAnswer = ({ restart }: { restart: boolean }) => {
  if (restart) markRestartNeeded();
};
export const restartStarted = () => update({ loading: true });
/** Spec 000 §4: success clears both flags; a failure clears only loading. */
export const restartFinished = (succeeded: boolean) =>
  update(succeeded ? { loading: false, needsRestart: false } : { loading: false });
/** A session's end (and each test) starts from a clean slate. */
export const resetServerState = () => update({ needsRestart: false, loading: false });

/** The flags now, outside React. */
export const serverStateNow = (): ServerState => state.get();

export const useServerState = (): ServerState => useStore(state);
