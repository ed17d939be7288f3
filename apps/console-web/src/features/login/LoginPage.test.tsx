import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../api/token.js';
import { deferred, mockApi, networkFailure, type Reply } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const noSession = { status: 401, body: { message: 'invalid session', detailedMessage: '' } };
const formStrategy = { body: { loginStrategy: 'form' } };

describe('login screen', () => {
  it('shows a spinner while the strategy loads', async () => {
    const pending = deferred<Reply>();
    const api = mockApi({ 'GET /api/v1/session': noSession, 'GET /api/v1/login': () => pending.promise });
    renderApp('/login');
    // The session check shows its own spinner first; wait until the strategy is being fetched.
    await waitFor(() => expect(api.callsTo('GET /api/v1/login')).toHaveLength(1));
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    pending.resolve(formStrategy);
    expect(await screen.findByRole('heading', { name: 'Console Login' })).toBeInTheDocument();
  });

  it('says the backend cannot be reached and Retry refetches the strategy', async () => {
    const api = mockApi({ 'GET /api/v1/session': noSession, 'GET /api/v1/login': networkFailure });
    const { user } = renderApp('/login');
    expect(
      await screen.findByText('An error has occurred, the backend cannot be reached.'),
    ).toBeInTheDocument();
    api.set('GET /api/v1/login', formStrategy);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Console Login' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/login')).toHaveLength(2);
  });

  it('redirects logged-out visitors of any page to the login form', async () => {
    mockApi({ 'GET /api/v1/session': noSession, 'GET /api/v1/login': formStrategy });
    renderApp('/buckets');
    expect(await screen.findByRole('heading', { name: 'Console Login' })).toBeInTheDocument();
  });

  it('enables Login only when both fields are filled', async () => {
    mockApi({ 'GET /api/v1/session': noSession, 'GET /api/v1/login': formStrategy });
    const { user } = renderApp('/login');
    const login = await screen.findByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();
    await user.type(screen.getByLabelText('Enter Username'), 'admin');
    expect(login).toBeDisabled();
    await user.type(screen.getByLabelText('Enter Password'), 'secret');
    expect(login).toBeEnabled();
    expect(screen.getByLabelText('Enter Password')).toHaveAttribute('type', 'password');
    expect(screen.getByPlaceholderText('Enter Username')).toBe(screen.getByLabelText('Enter Username'));
    await user.clear(screen.getByLabelText('Enter Username'));
    expect(login).toBeDisabled();
  });

  it('disables the inputs and shows a progress bar while submitting, then opens the first allowed page', async () => {
    const pending = deferred<Reply>();
    const api = mockApi({
      'GET /api/v1/session': noSession,
      'GET /api/v1/login': formStrategy,
      'POST /api/v1/login': () => pending.promise,
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Enter Username'), 'admin');
    await user.type(screen.getByLabelText('Enter Password'), 'secret{Enter}');

    expect(await screen.findByRole('progressbar', { name: 'Logging in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Enter Username')).toBeDisabled();
    expect(screen.getByLabelText('Enter Password')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(api.callsTo('POST /api/v1/login')[0]?.body).toEqual({ accessKey: 'admin', secretKey: 'secret' });

    api.set('GET /api/v1/session', { body: session({ pages: ['/buckets', '/account'] }) });
    api.set('GET /api/v1/buckets', { body: { buckets: [], total: 0 } });
    pending.resolve({ status: 204 });
    expect(await screen.findByRole('heading', { name: 'Buckets', level: 1 })).toBeInTheDocument();
    expect(getToken()).toBe('csrf-123');
    // The landing screen's data was asked for as soon as the session was known, before the
    // app drew its frame (whose own calls follow), and the screen used that answer.
    const order = api.calls.map((c) => `${c.method} ${new URL(c.url, 'http://localhost').pathname}`);
    expect(
      order.slice(order.lastIndexOf('GET /api/v1/session'), order.lastIndexOf('GET /api/v1/session') + 2),
    ).toEqual(['GET /api/v1/session', 'GET /api/v1/buckets']);
    expect(api.callsTo('GET /api/v1/buckets')).toHaveLength(1);
  });

  it('shows a failed login in an Error banner with the server message capitalised', async () => {
    mockApi({
      'GET /api/v1/session': noSession,
      'GET /api/v1/login': formStrategy,
      'POST /api/v1/login': {
        status: 401,
        body: { message: 'invalid Login', detailedMessage: 'bad credentials' },
      },
    });
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Enter Username'), 'admin');
    await user.type(screen.getByLabelText('Enter Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Error')).toBeInTheDocument();
    expect(within(banner).getByText('Invalid Login')).toBeInTheDocument();
    expect(within(banner).getByText('Bad credentials')).not.toBeVisible();
    await user.click(within(banner).getByText('Details'));
    expect(within(banner).getByText('Bad credentials')).toBeVisible();
    // Back to idle: the form is usable again and still on /login.
    expect(screen.getByLabelText('Enter Username')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();

    await user.click(within(banner).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('offers single sign-on for the redirect strategy', async () => {
    mockApi({
      'GET /api/v1/session': noSession,
      'GET /api/v1/login': { body: { loginStrategy: 'redirect', redirect: 'https://idp.example/auth?x=1' } },
    });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login with SSO' })).toHaveAttribute(
      'href',
      'https://idp.example/auth?x=1',
    );
  });

  it('asks for a JWT for the service-account strategy and posts it to /login/operator', async () => {
    const api = mockApi({
      'GET /api/v1/session': noSession,
      'GET /api/v1/login': { body: { loginStrategy: 'service-account' } },
      'POST /api/v1/login/operator': { status: 401, body: { message: 'invalid Login', detailedMessage: '' } },
    });
    const { user } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Operator Login' })).toBeInTheDocument();
    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();
    await user.type(screen.getByLabelText('JWT'), 'eyJ.token');
    await user.click(login);
    expect(await screen.findByText('Invalid Login')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/login/operator')[0]?.body).toEqual({ jwt: 'eyJ.token' });
  });
});
