import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverStateNow } from '../../app/serverState.js';
import { mockApi } from '../../test/fetchMock.js';
import { ALL_CONSOLE_PAGES, session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

function mockConfigs(restart: () => { status?: number; body?: unknown } = () => ({ status: 204 })) {
  return mockApi({
    'GET /api/v1/session': { body: session({ pages: [...ALL_CONSOLE_PAGES, '/webhook/audit'] }) },
    'GET /api/v1/configs/region': { body: { name: 'region', key_values: [{ key: 'name', value: '' }] } },
    'PUT /api/v1/configs/region': { body: { restart: true } },
    'GET /api/v1/configs/identity_ldap': {
      body: { name: 'identity_ldap', key_values: [{ key: 'tls_skip_verify', value: 'on' }] },
    },
    'GET /api/v1/configs/audit_webhook': {
      body: {
        name: 'audit_webhook',
        key_values: [
          { key: 'endpoint', value: 'http://127.0.0.1:1/ingest' },
          { key: 'auth_token', value: '', redacted: true },
        ],
      },
    },
    'GET /api/v1/configs/audit_webhook/targets': {
      body: {
        items: [
          {
            name: 'audit_webhook',
            key_values: [
              { key: 'enable', value: 'on' },
              { key: 'endpoint', value: 'http://127.0.0.1:1/ingest' },
            ],
          },
        ],
      },
    },
    'PUT /api/v1/configs/audit_webhook': { body: { restart: false } },
    'POST /api/v1/service/restart': restart,
  });
}

describe('settings, configurations', () => {
  it('lists every configuration id; items with their own url link there', async () => {
    mockConfigs();
    renderApp('/settings');
    const list = await screen.findByRole('list', { name: 'Configurations' });
    const names = within(list)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(names).toEqual([
      '/settings/configurations/region',
      '/settings/configurations/cache',
      '/settings/configurations/compression',
      '/settings/configurations/etcd',
      '/settings/configurations/identity_openid',
      '/settings/configurations/identity_ldap',
      '/webhook/logger',
      '/webhook/audit',
    ]);
    const menu = screen.getByRole('navigation', { name: 'Settings' });
    for (const entry of ['Configurations', 'Lambda Notifications', 'Tiers'])
      expect(within(menu).getByRole('link', { name: entry })).toBeInTheDocument();
  });

  it('sends an unknown settings path to the configurations', async () => {
    mockConfigs();
    renderApp('/settings/no/such/thing');
    expect(await screen.findByRole('list', { name: 'Configurations' })).toBeInTheDocument();
  });

  it('saves a configuration, returns to the list, and the restart bar restarts the server', async () => {
    let finishRestart: () => void = () => undefined;
    const api = mockConfigs(
      () => new Promise((resolve) => (finishRestart = () => resolve({ status: 204 }))) as never,
    );
    const { user } = renderApp('/settings/configurations/region');
    const name = await screen.findByRole('textbox', { name: /Server Location/ });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled(); // the required name is blank
    await user.type(name, ' us-east-1 ');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT /api/v1/configs/region')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/configs/region')[0]!.body).toEqual({
      key_values: [
        { key: 'name', value: 'us-east-1' },
        { key: 'comment', value: '' },
      ],
    });
    expect(await screen.findByRole('list', { name: 'Configurations' })).toBeInTheDocument();

    const bar = await screen.findByRole('status');
    expect(bar).toHaveTextContent('The server needs to be restarted');
    await user.click(within(bar).getByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('The server is restarting.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restart' })).not.toBeInTheDocument();
    finishRestart();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/v1/service/restart')).toHaveLength(1);
  });

  it('a change the server applied live asks for no restart', async () => {
    const api = mockConfigs();
    api.set('PUT /api/v1/configs/region', { body: { restart: false } });
    const { user } = renderApp('/settings/configurations/region');
    await user.type(await screen.findByRole('textbox', { name: /Server Location/ }), 'eu');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('list', { name: 'Configurations' })).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/configs/region')).toHaveLength(1);
    expect(serverStateNow().needsRestart).toBe(false);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("a session's end forgets that a restart is needed", async () => {
    const api = mockConfigs();
    api.set('POST /api/v1/logout', { status: 204 });
    api.set('GET /api/v1/login', { body: { loginStrategy: 'form' } });
    const { user } = renderApp('/settings/configurations/region');
    await user.type(await screen.findByRole('textbox', { name: /Server Location/ }), 'eu');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    expect(serverStateNow().needsRestart).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Console Login' })).toBeInTheDocument();
    expect(serverStateNow().needsRestart).toBe(false);
  });

  it('a failed restart clears only the loading flag and shows the error', async () => {
    mockConfigs(() => ({ status: 503, body: { message: 'backend unreachable', detailedMessage: '' } }));
    const { user } = renderApp('/settings/configurations/region');
    await user.type(await screen.findByRole('textbox', { name: /Server Location/ }), 'eu');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Restart' }));
    expect(await screen.findByText('Backend unreachable')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The server needs to be restarted');
    expect(screen.getByRole('button', { name: 'Restart' })).toBeEnabled();
  });

  it('LDAP shows its field set with the 1h STS expiry default and on/off switches', async () => {
    mockConfigs();
    renderApp('/settings/configurations/identity_ldap');
    expect(await screen.findByRole('textbox', { name: /STS Expiry/ })).toHaveValue('1h');
    expect(screen.getByRole('switch', { name: 'TLS Skip Verify' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Server Insecure' })).not.toBeChecked();
    for (const required of ['Server Address', 'Username Search Filter', 'Group Search Filter'])
      expect(screen.getByRole('textbox', { name: new RegExp(required) })).toBeRequired();
    expect(screen.getByRole('link', { name: 'Back To Configurations' })).toHaveAttribute(
      'href',
      '/settings/configurations',
    );
  });

  it('a stored secret counts as filled and is kept by saving it blank', async () => {
    const api = mockConfigs();
    const { user } = renderApp('/webhook/audit');
    await user.click(await screen.findByRole('button', { name: 'Edit webhook Default' }));
    const token = await screen.findByLabelText(/Auth Token/);
    expect(token).toHaveValue('');
    expect(token).toHaveAttribute('placeholder', 'A value is stored; leave blank to keep it');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/configs/audit_webhook')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/configs/audit_webhook')[0]!.body).toEqual({
      key_values: [
        { key: 'endpoint', value: 'http://127.0.0.1:1/ingest' },
        { key: 'auth_token', value: '' },
      ],
    });
  });
});
