import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetServerState } from '../app/serverState.js';
import { takeContractProblems } from './fetchMock.js';

// findBy/waitFor give up after 5 s, not 1 s: a 2-core machine running the whole suite (and
// the first import of a lazily loaded screen) can be slow without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Mantine calls; inert stand-ins are enough for behaviour tests.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetServerState();
  // Snackbars live in a module-level store; one test's must not show in the next.
  notifications.clean();
  // A computed mock reply that broke the contract fails the test that sent it.
  const problems = takeContractProblems();
  if (problems.length > 0) throw new Error(`mock replies break the contract:\n${problems.join('\n')}`);
});
