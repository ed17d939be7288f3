import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/index.js';
import { mockApi } from '../test/fetchMock.js';
import { session } from '../test/fixtures.js';
import { renderApp } from '../test/renderApp.js';
import { buildCommands, matchesQuery } from './commands.js';

function mockShell() {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'GET /api/v1/buckets': { body: { buckets: [], total: 0 } },
    'GET /api/v1/groups': { body: { groups: [], total: 0 } },
    'GET /api/v1/users': { body: { users: [], total: 0 } },
    'GET /api/v1/policies': { body: { policies: [], total: 0 } },
  });
}

/** The shell on Buckets, the palette opened with Ctrl+K. */
async function openPalette() {
  mockShell();
  const { user } = renderApp('/buckets');
  await screen.findByRole('heading', { name: 'Buckets', level: 1 });
  await user.keyboard('{Control>}k{/Control}');
  const dialog = await screen.findByRole('dialog', { name: 'Go to or do' });
  return { user, dialog };
}

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe('command palette', () => {
  it('switches the language by keyboard', async () => {
    const { user, dialog } = await openPalette();
    await user.type(within(dialog).getByRole('combobox'), 'language fran');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Language: Français']);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr-FR');
  });

  it('opens with Ctrl+K, filters as you type, and Enter opens the page', async () => {
    const { user, dialog } = await openPalette();
    await user.type(within(dialog).getByRole('combobox'), 'grou');
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Groups', 'Create Group']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Groups', level: 1 })).toBeInTheDocument();
  });

  it('runs a create action: the arrow keys pick it and the page opens its dialog', async () => {
    const { user, dialog } = await openPalette();
    await user.type(within(dialog).getByRole('combobox'), 'user');
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('option', { name: 'Create User' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Create User' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
  });

  it('closes with Escape and opens again with an empty search', async () => {
    const { user, dialog: first } = await openPalette();
    await user.type(within(first).getByRole('combobox'), 'grou');
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Go to or do' })).not.toBeInTheDocument(),
    );
    await user.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Go to or do' });
    expect(within(again).getByRole('combobox')).toHaveValue('');
    expect(within(again).getAllByRole('option').length).toBeGreaterThan(2);
  });

  it('offers only what the session may open', () => {
    const ids = buildCommands(['/buckets', '/account'], false).map((c) => c.id);
    expect(ids).toEqual([
      'go:/buckets',
      'go:/account',
      'create:/buckets',
      'create:/account',
      'locale:en',
      'locale:de',
      'locale:fr',
      'locale:es',
      'locale:zh',
      'locale:ja',
      'locale:ar',
      'theme',
      'shortcuts',
      'logout',
    ]);
    expect(matchesQuery('Create service account', 'acc SERV')).toBe(true);
    expect(matchesQuery('Groups', 'users')).toBe(false);
  });
});
