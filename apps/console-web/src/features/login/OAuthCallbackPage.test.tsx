import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../api/token.js';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

describe('/oauth_callback', () => {
  it("shows 'IDP Error:' with the error and its description", async () => {
    const api = mockApi({
      'GET /api/v1/session': { status: 401, body: { message: 'no session', detailedMessage: '' } },
    });
    renderApp('/oauth_callback?error=access_denied&error_description=The+user+said+no');
    expect(await screen.findByRole('heading', { name: 'IDP Error:' })).toBeInTheDocument();
    expect(screen.getByText('access_denied')).toBeInTheDocument();
    expect(screen.getByText('The user said no')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/login/oauth2/auth')).toHaveLength(0);
  });

  it('trades the code once, stores the session id as the token and goes to /', async () => {
    let loggedIn = false;
    const api = mockApi({
      'GET /api/v1/session': () =>
        loggedIn
          ? { body: session() }
          : { status: 401, body: { message: 'no session', detailedMessage: '' } },
      'POST /api/v1/login/oauth2/auth': () => {
        loggedIn = true;
        return { body: { sessionId: 'sso-csrf' } };
      },
      'GET /api/v1/admin/info': {
        body: { buckets: 0, objects: 0, usage: 0, servers: [], widgets: [], metricsSource: 'storage' },
      },
    });
    renderApp('/oauth_callback?code=abc&state=xyz');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/login/oauth2/auth')).toHaveLength(1);
    expect(api.callsTo('POST /api/v1/login/oauth2/auth')[0]!.body).toEqual({ code: 'abc', state: 'xyz' });
    expect(getToken()).toBe('csrf-123'); // the session read afterwards refreshes it
  });

  it('a failed trade goes to /login', async () => {
    mockApi({
      'GET /api/v1/session': { status: 401, body: { message: 'no session', detailedMessage: '' } },
      'GET /api/v1/login': { body: { loginStrategy: 'redirect', redirect: 'https://idp.example/auth' } },
      'POST /api/v1/login/oauth2/auth': {
        status: 401,
        body: { message: 'invalid state', detailedMessage: '' },
      },
    });
    renderApp('/oauth_callback?code=abc&state=forged');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument());
  });
});
