import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../api/token.js';
import { mockApi } from '../test/fetchMock.js';
import { ALL_CONSOLE_PAGES, session } from '../test/fixtures.js';
import { renderApp } from '../test/renderApp.js';
import { DOCUMENTATION_URL } from './links.js';

const emptyBuckets = { body: { buckets: [], total: 0 } };

function mockSession(pages: string[], operator = false) {
  return mockApi({
    'GET /api/v1/session': { body: session({ pages, operator }) },
    'GET /api/v1/buckets': emptyBuckets,
    'GET /api/v1/login': { body: { loginStrategy: 'form' } },
  });
}

async function sidebar() {
  return screen.findByRole('navigation', { name: 'Main' });
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('sidebar', () => {
  it('shows every entry an admin may open, in spec order, without Heal', async () => {
    mockSession(ALL_CONSOLE_PAGES);
    renderApp('/buckets');
    const nav = await sidebar();
    expect(linkNames(nav)).toEqual([
      'Dashboard',
      'Buckets',
      'Users',
      'Groups',
      'Service Accounts',
      'Share Links',
      'Policies',
      'Policy Simulator',
      'Settings',
      'Logs',
      'Watch',
      'Trace',
      'Diagnostic',
      'Jobs',
      'License',
      'Documentation',
    ]);
    expect(within(nav).getByRole('group', { name: 'Common' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Heal' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('group', { name: 'Operator' })).not.toBeInTheDocument();
    const docs = within(nav).getByRole('link', { name: 'Documentation' });
    expect(docs).toHaveAttribute('href', DOCUMENTATION_URL);
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs.getAttribute('rel')).toContain('noopener');
    expect(within(nav).getByRole('link', { name: 'Buckets' })).toHaveAttribute('href', '/buckets');
  });

  it('shows only entries whose route is in session.pages and hides empty groups', async () => {
    mockSession(['/buckets', '/buckets/*', '/account', '/license']);
    renderApp('/buckets');
    const nav = await sidebar();
    expect(linkNames(nav)).toEqual(['Buckets', 'Service Accounts', 'License', 'Documentation']);
    expect(within(nav).queryByRole('group', { name: 'Tools' })).not.toBeInTheDocument();
  });

  it('shows the Operator group instead of License in operator mode', async () => {
    mockSession(['/tenants', '/storage', '/license'], true);
    renderApp('/tenants');
    const nav = await sidebar();
    expect(within(nav).getByRole('group', { name: 'Operator' })).toBeInTheDocument();
    expect(within(nav).queryByRole('group', { name: 'License' })).not.toBeInTheDocument();
    expect(linkNames(nav)).toEqual(['Tenants', 'Storage', 'License', 'Documentation']);
  });

  it('puts Logout last; logging out posts with the CSRF token and returns to the login screen', async () => {
    const api = mockSession(['/buckets']);
    api.set('POST /api/v1/logout', { status: 204 });
    const { user } = renderApp('/buckets');
    const nav = await sidebar();
    const logout = within(nav).getByRole('button', { name: 'Logout' });
    expect([...nav.querySelectorAll('a, button')].at(-1)).toBe(logout);
    await waitFor(() => expect(getToken()).toBe('csrf-123'));

    await user.click(logout);
    expect(await screen.findByRole('heading', { name: 'Console Login' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/logout')[0]?.headers['x-csrf-token']).toBe('csrf-123');
    expect(getToken()).toBeNull();
  });

  it('still ends the session locally when logout fails', async () => {
    const api = mockSession(['/buckets']);
    api.set('POST /api/v1/logout', { status: 500, body: { message: 'internal error', detailedMessage: '' } });
    const { user } = renderApp('/buckets');
    await user.click(within(await sidebar()).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Console Login' })).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('collapses and expands, and remembers the state', async () => {
    mockSession(['/buckets']);
    const first = renderApp('/buckets');
    const nav = await sidebar();
    await first.user.click(within(nav).getByRole('button', { name: 'Collapse sidebar' }));
    // Collapsed: icons only, names kept for assistive technology.
    expect(within(nav).getByRole('link', { name: 'Buckets' })).not.toHaveTextContent('Buckets');
    expect(within(nav).getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(localStorage.getItem('sidebarOpen')).toBe('false');
    first.unmount();

    const second = renderApp('/buckets');
    const again = await sidebar();
    expect(within(again).getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    await second.user.click(within(again).getByRole('button', { name: 'Expand sidebar' }));
    expect(within(again).getByRole('link', { name: 'Buckets' })).toHaveTextContent('Buckets');
    expect(localStorage.getItem('sidebarOpen')).toBe('true');
  });

  it('toggles the colour scheme and persists it', async () => {
    mockSession(['/buckets']);
    const { user } = renderApp('/buckets');
    const nav = await sidebar();
    await user.click(within(nav).getByRole('button', { name: 'Switch to dark theme' }));
    expect(within(nav).getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(localStorage.getItem('stowage-color-scheme')).toBe('dark');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  it('is hidden on /metrics', async () => {
    mockSession(['/metrics', '/dashboard']);
    renderApp('/metrics');
    expect(await screen.findByRole('heading', { name: 'Metrics' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
