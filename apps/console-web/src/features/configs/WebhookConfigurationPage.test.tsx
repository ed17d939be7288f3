import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { ALL_CONSOLE_PAGES, session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const target = (name: string, endpoint: string, enable = 'on') => ({
  name,
  key_values: [
    { key: 'enable', value: enable },
    { key: 'endpoint', value: endpoint },
    { key: 'auth_token', value: '', redacted: true },
  ],
});

function mockWebhooks() {
  return mockApi({
    'GET /api/v1/session': {
      body: session({ pages: [...ALL_CONSOLE_PAGES, '/webhook/logger', '/webhook/audit'] }),
    },
    'GET /api/v1/configs/logger_webhook/targets': {
      body: {
        items: [
          // The server always reports the default target; without an endpoint it is not configured.
          target('logger_webhook', '', 'off'),
          target('logger_webhook:ops', 'http://logs.example:8080/ops'),
          target('logger_webhook:siem', 'https://siem.example/ingest', 'off'),
        ],
      },
    },
    'GET /api/v1/configs/logger_webhook%3Aops': {
      body: target('logger_webhook:ops', 'http://logs.example:8080/ops'),
    },
    'PUT /api/v1/configs/logger_webhook%3Aops': { body: { restart: false } },
    'PUT /api/v1/configs/logger_webhook%3Aarchive': { body: { restart: false } },
    'GET /api/v1/configs/audit_webhook/targets': { body: { items: [target('audit_webhook', '', 'off')] } },
  });
}

describe('webhook pages (spec 002 §2.2)', () => {
  it('lists the configured logger targets and the filter box narrows them', async () => {
    mockWebhooks();
    const { user } = renderApp('/webhook/logger');
    expect(await screen.findByRole('heading', { name: 'Logger Webhook Configuration' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Logger Webhook Configuration' });
    await waitFor(() => expect(within(table).getByText('ops')).toBeVisible());
    const text = table.textContent ?? '';
    expect(text).toContain('http://logs.example:8080/ops');
    expect(text).toContain('https://siem.example/ingest');
    expect(text).toContain('Disabled');
    expect(within(table).queryByText('Default')).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Filter webhooks' }), 'SIEM');
    await waitFor(() => expect(within(table).queryByText('ops')).toBeNull());
    expect(within(table).getByText('siem')).toBeVisible();
    await user.clear(screen.getByRole('searchbox', { name: 'Filter webhooks' }));
    await user.type(screen.getByRole('searchbox', { name: 'Filter webhooks' }), 'nothing-like-it');
    expect(await screen.findByText('No webhook matches the filter')).toBeVisible();
  });

  it('an audit page with nothing configured says so', async () => {
    mockWebhooks();
    renderApp('/webhook/audit');
    expect(await screen.findByRole('heading', { name: 'Audit Webhook Configuration' })).toBeVisible();
    expect(await screen.findByText('There are no webhooks configured yet')).toBeVisible();
  });

  it('Add Webhook Configuration opens the form and saves a new named target', async () => {
    const api = mockWebhooks();
    const { user } = renderApp('/webhook/logger');
    await user.click(await screen.findByRole('button', { name: 'Add Webhook Configuration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Webhook Configuration' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'bad name!');
    expect(within(dialog).getByText(/Use only letters, digits/)).toBeVisible();
    await user.clear(within(dialog).getByRole('textbox', { name: /Name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'archive');
    await user.type(within(dialog).getByRole('textbox', { name: /Endpoint/ }), 'http://archive.example/in');
    await user.type(within(dialog).getByLabelText(/Auth Token/), 'Bearer t0ken');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT /api/v1/configs/logger_webhook%3Aarchive')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/configs/logger_webhook%3Aarchive')[0]!.body).toEqual({
      key_values: [
        { key: 'endpoint', value: 'http://archive.example/in' },
        { key: 'auth_token', value: 'Bearer t0ken' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list reloads after a save.
    await waitFor(() => expect(api.callsTo('GET /api/v1/configs/logger_webhook/targets').length).toBe(2));
  });

  it("a row's edit opens that target's form", async () => {
    const api = mockWebhooks();
    const { user } = renderApp('/webhook/logger');
    await user.click(await screen.findByRole('button', { name: 'Edit webhook ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Webhook Configuration' });
    expect(await within(dialog).findByRole('textbox', { name: /Endpoint/ })).toHaveValue(
      'http://logs.example:8080/ops',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/configs/logger_webhook%3Aops')).toHaveLength(1));
  });
});
