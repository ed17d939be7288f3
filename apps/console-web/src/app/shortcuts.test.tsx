import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetchMock.js';
import { session } from '../test/fixtures.js';
import { renderApp } from '../test/renderApp.js';
import { DISPLAY_KEY, initialDisplay, setDisplay } from '../theme/display.js';
import { CHORD_MS, chordClock, isTyping } from './shortcuts.js';

function mockShell(pages?: string[]) {
  return mockApi({
    'GET /api/v1/session': { body: session(pages ? { pages } : {}) },
    'GET /api/v1/buckets': { body: { buckets: [], total: 0 } },
    'GET /api/v1/users': { body: { users: [], total: 0 } },
    'GET /api/v1/groups': { body: { groups: [], total: 0 } },
    'GET /api/v1/policies': { body: { policies: [], total: 0 } },
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  setDisplay({ contrast: 'normal', motion: 'normal' });
});

describe('keyboard shortcuts', () => {
  it('"?" opens the help with every area; Esc closes it', async () => {
    mockShell();
    const { user } = renderApp('/buckets');
    await screen.findByRole('heading', { name: 'Buckets', level: 1 });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts and display' });
    for (const area of ['Anywhere', 'Go to a page', 'In a table', 'In a dialog'])
      expect(within(dialog).getByRole('heading', { name: area })).toBeInTheDocument();
    expect(within(dialog).getByText('Open the command palette')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('"g" then a letter opens a page the session may open, and only such a page', async () => {
    mockShell(['/buckets', '/groups']);
    const { user } = renderApp('/buckets');
    await screen.findByRole('heading', { name: 'Buckets', level: 1 });
    await user.keyboard('gg');
    expect(await screen.findByRole('heading', { name: 'Groups', level: 1 })).toBeInTheDocument();
    // Users is not among the session's pages: nothing happens.
    await user.keyboard('gu');
    expect(screen.getByRole('heading', { name: 'Groups', level: 1 })).toBeInTheDocument();
  });

  it('a chord waits only so long for its second key', async () => {
    mockShell();
    const { user } = renderApp('/groups');
    await screen.findByRole('heading', { name: 'Groups', level: 1 });
    let t = 1_000;
    vi.spyOn(chordClock, 'now').mockImplementation(() => t);
    await user.keyboard('g');
    t += CHORD_MS + 1;
    await user.keyboard('b');
    expect(screen.getByRole('heading', { name: 'Groups', level: 1 })).toBeInTheDocument();
  });

  it('"/" moves to the page search; keys typed into a field are text', async () => {
    mockShell();
    const { user } = renderApp('/buckets');
    await screen.findByRole('heading', { name: 'Buckets', level: 1 });
    await user.keyboard('/');
    const search = screen.getByRole('searchbox');
    expect(search).toHaveFocus();
    await user.keyboard('?gb');
    expect(search).toHaveValue('?gb');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(isTyping({ target: search, ctrlKey: false, metaKey: false, altKey: false } as never)).toBe(true);
    expect(isTyping({ target: document.body, ctrlKey: true, metaKey: false, altKey: false } as never)).toBe(
      true,
    );
    expect(isTyping({ target: document.body, ctrlKey: false, metaKey: false, altKey: false } as never)).toBe(
      false,
    );
  });

  it('the command palette and the sidebar open the help too', async () => {
    mockShell();
    const { user } = renderApp('/buckets');
    await screen.findByRole('heading', { name: 'Buckets', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts and display' })).toBeInTheDocument();
  });
});

describe('display settings', () => {
  it('high contrast and reduced motion are set on <html> and kept', async () => {
    mockShell();
    const { user } = renderApp('/buckets');
    await screen.findByRole('heading', { name: 'Buckets', level: 1 });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts and display' });
    fireEvent.click(within(dialog).getByRole('switch', { name: /High contrast/ }));
    expect(document.documentElement.dataset.contrast).toBe('high');
    fireEvent.click(within(dialog).getByRole('switch', { name: /Reduce motion/ }));
    expect(document.documentElement.dataset.motion).toBe('reduce');
    expect(JSON.parse(localStorage.getItem(DISPLAY_KEY) ?? '{}')).toEqual({
      contrast: 'high',
      motion: 'reduce',
    });
  });

  it('starts from what is stored, else from the system', () => {
    expect(initialDisplay(JSON.stringify({ contrast: 'high' }))).toMatchObject({ contrast: 'high' });
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('prefers-contrast: more') }));
    expect(initialDisplay(null)).toEqual({ contrast: 'high', motion: 'normal' });
    expect(initialDisplay('{"contrast":"normal","motion":"bogus"}')).toEqual({
      contrast: 'normal',
      motion: 'normal',
    });
    expect(initialDisplay('not json')).toEqual({ contrast: 'high', motion: 'normal' });
    vi.unstubAllGlobals();
  });
});
