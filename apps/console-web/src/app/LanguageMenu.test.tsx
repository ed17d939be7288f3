import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY, setLocale } from '../i18n/index.js';
import { mockApi } from '../test/fetchMock.js';
import { session } from '../test/fixtures.js';
import { renderApp } from '../test/renderApp.js';

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

function mockSession() {
  mockApi({
    'GET /api/v1/session': { body: session({ pages: ['/buckets'] }) },
    'GET /api/v1/buckets': { body: { buckets: [], total: 0 } },
  });
}

describe('language switcher', () => {
  it('switches the whole shell to the chosen language and remembers it', async () => {
    mockSession();
    const { user } = renderApp('/buckets');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /Language/ }));
    const menu = await screen.findByRole('menu');
    // Each language is offered in its own name, marked with its own language for screen readers.
    expect(within(menu).getByRole('menuitem', { name: '日本語' })).toHaveAttribute('lang', 'ja-JP');
    await user.click(within(menu).getByRole('menuitem', { name: 'Deutsch' }));

    const german = await screen.findByRole('navigation', { name: 'Hauptmenü' });
    expect(within(german).getByRole('link', { name: 'Buckets' })).toBeInTheDocument();
    expect(within(german).getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de-DE');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
  });

  it('turns the layout right-to-left for Arabic, and back', async () => {
    mockSession();
    const { user } = renderApp('/buckets');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /Language/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'العربية' }));
    const arabic = await screen.findByRole('navigation', { name: 'الرئيسية' });
    expect(document.documentElement.dir).toBe('rtl');

    await user.click(within(arabic).getByRole('button', { name: /اللغة/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('ltr');
  });
});
