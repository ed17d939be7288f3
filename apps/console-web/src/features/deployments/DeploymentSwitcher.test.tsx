import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const TWO = {
  deployments: [
    { id: 'local', name: 'Local', path: '/', current: true, loggedIn: true },
    { id: 'eu', name: 'Europe', path: '/d/eu/', current: false, loggedIn: false },
  ],
};

function mockShell(deployments: typeof TWO) {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'GET /api/v1/buckets': { body: { buckets: [], total: 0 } },
    'GET /api/v1/deployments': { body: deployments },
    'GET /api/v1/login': { body: { loginStrategy: 'form' } },
  });
}

const nav = () => screen.findByRole('navigation', { name: 'Main' });

describe('deployment switcher', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the deployment of the screen and lists each with whether this browser is logged in', async () => {
    mockShell(TWO);
    const { user } = renderApp('/buckets');
    const button = await within(await nav()).findByRole('button', {
      name: 'Deployment: Local. Switch deployment',
    });
    await user.click(button);
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['LocalLogged in', 'EuropeNot logged in']);
    expect(items[0]).toHaveAttribute('aria-current', 'page');
    // A plain link: the other deployment's app loads at its own path, its login if no session.
    expect(items[1]).toHaveAttribute('href', '/d/eu/');
    // The page title names the deployment too.
    await waitFor(() => expect(document.title).toBe('Local · Stowage'));
  });

  it('shows nothing when the console has a single deployment', async () => {
    mockShell({ deployments: [] });
    renderApp('/buckets');
    await screen.findByRole('heading', { name: 'Buckets', level: 1 });
    expect(within(await nav()).queryByRole('button', { name: /Deployment/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Stowage');
  });

  it('the command palette switches to another deployment by loading its page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    mockShell(TWO);
    const { user } = renderApp('/buckets');
    await within(await nav()).findByRole('button', { name: /Deployment: Local/ });
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Go to or do' });
    await user.type(within(dialog).getByRole('combobox'), 'europe');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Switch to deployment Europe']);
    await user.keyboard('{Enter}');
    expect(assign).toHaveBeenCalledWith('/d/eu/');
  });

  it('the login card names the deployment being logged into', async () => {
    mockApi({
      'GET /api/v1/session': { status: 401, body: { message: 'invalid session', detailedMessage: '' } },
      'GET /api/v1/login': { body: { loginStrategy: 'form' } },
      'GET /api/v1/deployments': {
        body: {
          deployments: TWO.deployments.map((d) => ({ ...d, current: d.id === 'eu', loggedIn: false })),
        },
      },
    });
    renderApp('/login');
    expect(await screen.findByText('Deployment: Europe')).toBeInTheDocument();
  });
});
