import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/queryClient.js';
import { Providers } from '../app/providers.js';
import { isChunkLoadError, ScreenErrorBoundary } from './ScreenErrorBoundary.js';

function Broken(): never {
  throw new Error('cannot read properties of undefined (reading "name")');
}

function renderBoundary(children: React.ReactNode, resetKey = '/a') {
  const onReload = vi.fn();
  const ui = (key: string, content: React.ReactNode) => (
    <Providers queryClient={createQueryClient()} env="test">
      <ScreenErrorBoundary resetKey={key} onReload={onReload}>
        {content}
      </ScreenErrorBoundary>
    </Providers>
  );
  const view = render(ui(resetKey, children));
  return { onReload, rerender: (key: string, content: React.ReactNode) => view.rerender(ui(key, content)) };
}

// React reports caught render errors on the console; the boundary's own log is expected.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe('ScreenErrorBoundary', () => {
  it('shows a render error with its message and a Reload button, not a blank page', async () => {
    const { onReload } = renderBoundary(<Broken />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This screen stopped working');
    expect(alert).toHaveTextContent('cannot read properties of undefined');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it("says a screen's code could not be loaded when its lazy import rejects", async () => {
    const Screen = lazy(() =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: http://c/assets/Trace-1a2b.js'),
      ),
    );
    const { onReload } = renderBoundary(
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This screen could not be loaded');
    expect(alert).toHaveTextContent('the console may have been updated');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });

  it('clears the error when the path changes', () => {
    const { rerender } = renderBoundary(<Broken />, '/a');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender('/b', <p>another screen</p>);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('another screen')).toBeInTheDocument();
  });

  it('tells chunk failures from other errors, in each browser wording', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://c/a.js', // Chromium
      'error loading dynamically imported module: http://c/a.js', // Firefox
      'Importing a module script failed.', // Safari
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
