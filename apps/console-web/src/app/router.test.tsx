import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken, setToken } from '../api/token.js';
import { mockApi } from '../test/fetchMock.js';
import { session } from '../test/fixtures.js';
import { renderApp } from '../test/renderApp.js';
import { allowedRoutes, firstAllowedPath, isSidebarHidden } from './routeTable.js';

const loginForm = { body: { loginStrategy: 'form' } };
const noBuckets = { body: { buckets: [], total: 0 } };

function loggedIn(pages: string[]) {
  return mockApi({
    'GET /api/v1/session': { body: session({ pages }) },
    'GET /api/v1/buckets': noBuckets,
    'GET /api/v1/login': loginForm,
  });
}

const heading = (name: string) => screen.findByRole('heading', { name, level: 1 });

describe('route table helpers', () => {
  it('picks the first parameterless allowed route', () => {
    expect(firstAllowedPath(allowedRoutes(['/users/:userName', '/buckets/*', '/account', '/buckets']))).toBe(
      '/buckets',
    );
    expect(firstAllowedPath(allowedRoutes(['/buckets/*']))).toBeUndefined();
  });

  it('hides the sidebar on /metrics and on hop paths only', () => {
    expect(isSidebarHidden('/metrics')).toBe(true);
    expect(isSidebarHidden('/namespaces/ns/tenants/t/hop')).toBe(true);
    expect(isSidebarHidden('/namespaces/ns/tenants/t/metrics')).toBe(false);
  });
});

describe('routing', () => {
  it("sends '/' to the first route the session allows", async () => {
    loggedIn(['/buckets', '/buckets/*', '/account']);
    renderApp('/');
    expect(await heading('Buckets')).toBeInTheDocument();
  });

  it('sends unknown paths to the first allowed route', async () => {
    loggedIn(['/dashboard', '/buckets']);
    renderApp('/no/such/page');
    expect(await heading('Dashboard')).toBeInTheDocument();
  });

  it('does not reach a route whose page is not allowed', async () => {
    loggedIn(['/buckets', '/account']);
    renderApp('/users');
    expect(await heading('Buckets')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('sends a logged-in user away from /login', async () => {
    loggedIn(['/account']);
    renderApp('/login');
    expect(await heading('Service Accounts')).toBeInTheDocument();
  });

  it('opens the object browser under a bucket and sends a bare bucket path back to the list', async () => {
    loggedIn(['/buckets', '/buckets/*']);
    const first = renderApp('/buckets/photos/browse/a/b');
    expect(await heading('photos')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Path' })).toHaveTextContent('photos/a/b');
    first.unmount();
    renderApp('/buckets/photos');
    expect(await heading('Buckets')).toBeInTheDocument();
  });

  it('shows the 404 page at /404, with a copyright footer', async () => {
    loggedIn(['/buckets']);
    renderApp('/404');
    expect(await heading('404 Not Found')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Stowage`);
  });

  it('shows the 404 page when the session allows no route at all', async () => {
    loggedIn([]);
    renderApp('/anything');
    expect(await heading('404 Not Found')).toBeInTheDocument();
  });

  it('treats a failed session fetch as logged out', async () => {
    mockApi({
      'GET /api/v1/session': { status: 503, body: { message: 'unavailable', detailedMessage: '' } },
      'GET /api/v1/login': loginForm,
    });
    renderApp('/buckets');
    expect(await heading('Console Login')).toBeInTheDocument();
  });

  it('goes to /login and clears the token when a call answers 401 mid-session', async () => {
    setToken('stale');
    const api = loggedIn(['/buckets']);
    api.set('GET /api/v1/buckets', {
      status: 401,
      body: { message: 'invalid session', detailedMessage: '' },
    });
    renderApp('/buckets');
    expect(await heading('Console Login')).toBeInTheDocument();
    await waitFor(() => expect(getToken()).toBeNull());
  });

  it('marks up the shell with nav and main landmarks', async () => {
    loggedIn(['/buckets']);
    renderApp('/buckets');
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(await heading('Buckets'));
  });
});
