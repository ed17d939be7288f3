import { NOTIFICATION_SERVICES } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverStateNow } from '../../app/serverState.js';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { SERVICE_CHOICES } from './serviceFields.js';

const ENDPOINTS = {
  notification_endpoints: [
    { service: 'webhook', account_id: 'primary', status: 'online' },
    { service: 'redis', account_id: 'cache', status: 'offline' },
  ],
};

function mockEndpoints({ can = true } = {}) {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'POST /api/v1/has-permission': (call) => ({
      body: {
        permissions: (call.body as { actions: { id: string }[] }).actions.map((a) => ({ id: a.id, can })),
      },
    }),
    'GET /api/v1/admin/notification_endpoints': { body: ENDPOINTS },
    'POST /api/v1/admin/notification_endpoints': {
      status: 201,
      body: { service: 'postgres', account_id: 'events', restart: true },
    },
    'DELETE /api/v1/admin/notification_endpoints/redis/cache': { body: { restart: true } },
  });
}

const targetTable = () => screen.findByRole('table', { name: 'Lambda Notifications' });
const rowOf = (table: HTMLElement, name: string) =>
  within(within(table).getByRole('cell', { name }).closest('[role="row"]') as HTMLElement);

describe('settings, lambda notifications', () => {
  it('lists service:account_id with its status, Offline as an icon, filters and refreshes', async () => {
    const api = mockEndpoints();
    const { user } = renderApp('/settings/notifications');
    const table = await targetTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 2)).toEqual(['Status', 'Service']);
    expect(rowOf(table, 'webhook:primary').getByRole('cell', { name: 'Online' })).toBeInTheDocument();
    expect(rowOf(table, 'redis:cache').getByRole('img', { name: 'Offline' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filter Notification Targets' }), 'redis');
    expect(within(table).queryByRole('cell', { name: 'webhook:primary' })).not.toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'redis:cache' })).toBeInTheDocument();

    const before = api.callsTo('GET /api/v1/admin/notification_endpoints').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/admin/notification_endpoints').length).toBe(before + 1),
    );
  });

  it('says there are none when the server lists none (null included)', async () => {
    const api = mockEndpoints();
    // Off the contract on purpose: the list the web app still survives if a server sends null.
    api.set('GET /api/v1/admin/notification_endpoints', {
      body: { notification_endpoints: null },
      offContract: 'MinIO lists none as null; the screen must survive it',
    });
    renderApp('/settings/notifications');
    expect(await screen.findByText('There are no notification targets yet')).toBeInTheDocument();
  });

  it('offers the ten services with the spec labels, each opening its form with both back links', async () => {
    mockEndpoints();
    const { user } = renderApp('/settings/notifications');
    await user.click(await screen.findByRole('link', { name: 'Add Notification Target' }));
    const choices = await screen.findByRole('list', { name: 'Notification services' });
    expect(
      within(choices)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Postgres SQL',
      'Kafka',
      'AMQP',
      'MQTT',
      'Redis',
      'NATS',
      'Mysql',
      'Elastic Search',
      'Webhook',
      'NSQ',
    ]);
    expect([...SERVICE_CHOICES].sort()).toEqual([...NOTIFICATION_SERVICES].sort());
    expect(screen.getByRole('link', { name: 'Back To Lambda Notifications' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
    await user.click(within(choices).getByRole('link', { name: 'Kafka' }));
    expect(await screen.findByRole('heading', { name: 'Add Kafka Notification Target' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'SASL' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'TLS' })).toBeInTheDocument();
    expect(screen.getByLabelText('SASL Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('link', { name: 'Back To Supported Services' }));
    expect(await screen.findByRole('list', { name: 'Notification services' })).toBeInTheDocument();
  });

  it('composes the Postgres connection string in manual mode and reloads the list after saving', async () => {
    const api = mockEndpoints();
    const { user } = renderApp('/settings/notifications/add/postgres');
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByRole('textbox', { name: /^Queue Limit/ })).toHaveValue('10000');
    expect(screen.getByRole('combobox', { name: /^Format/ })).toHaveValue('namespace');
    await user.type(screen.getByRole('textbox', { name: /^Identifier/ }), 'events');
    await user.click(screen.getByRole('switch', { name: 'Enter the connection settings one by one' }));
    expect(screen.queryByLabelText(/^Connection String/)).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Host/ }), 'db.local');
    await user.type(screen.getByRole('textbox', { name: /^DB Name/ }), 'minio_events');
    await user.type(screen.getByRole('textbox', { name: /^User/ }), 'postgres');
    await user.type(screen.getByLabelText(/^Password/), 's3cret pw');
    await user.type(screen.getByRole('textbox', { name: /^Port/ }), '5432');
    expect(screen.getByRole('combobox', { name: /^SSL Mode/ })).toHaveValue('require');
    expect(save).toBeDisabled(); // the table is required
    await user.type(screen.getByRole('textbox', { name: /^Table/ }), 'bucketevents');
    expect(save).toBeEnabled();
    const loads = api.callsTo('GET /api/v1/admin/notification_endpoints').length;
    await user.click(save);

    await waitFor(() => expect(api.callsTo('POST /api/v1/admin/notification_endpoints')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/admin/notification_endpoints')[0]!.body).toEqual({
      service: 'postgres',
      account_id: 'events',
      properties: {
        connection_string:
          'host=db.local dbname=minio_events user=postgres password=s3cret pw port=5432 sslmode=require',
        table: 'bucketevents',
        format: 'namespace',
        queue_limit: '10000',
      },
    });
    expect(await targetTable()).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/admin/notification_endpoints').length).toBeGreaterThan(loads),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('The server needs to be restarted');
  });

  it('sends the Mysql DSN in place of the connection string', async () => {
    const api = mockEndpoints();
    const { user } = renderApp('/settings/notifications/add/mysql');
    await user.type(await screen.findByRole('textbox', { name: /^Identifier/ }), 'sql1');
    await user.type(screen.getByLabelText(/^DSN String/), 'root:pw@tcp(db:3306)/events');
    await user.type(screen.getByRole('textbox', { name: /^Table/ }), 't');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/admin/notification_endpoints')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/admin/notification_endpoints')[0]!.body).toMatchObject({
      service: 'mysql',
      properties: { dsn_string: 'root:pw@tcp(db:3306)/events', table: 't' },
    });
  });

  it('says "queue limit must be a number" and checks the identifier by the contract', async () => {
    mockEndpoints();
    const { user } = renderApp('/settings/notifications/add/webhook');
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.type(screen.getByRole('textbox', { name: /^Identifier/ }), 'has space');
    expect(screen.getByText('Use letters, numbers, dashes and underscores only')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: /^Identifier/ }));
    await user.type(screen.getByRole('textbox', { name: /^Identifier/ }), 'primary');
    await user.type(screen.getByRole('textbox', { name: /^Endpoint/ }), 'http://hooks.local/events');
    expect(save).toBeEnabled();
    const limit = screen.getByRole('textbox', { name: /^Queue Limit/ });
    await user.clear(limit);
    await user.type(limit, 'lots');
    expect(screen.getByText('queue limit must be a number')).toBeInTheDocument();
    expect(save).toBeDisabled();
  });

  it('asks for no restart when the server applied the target live', async () => {
    const api = mockEndpoints();
    api.set('POST /api/v1/admin/notification_endpoints', {
      status: 201,
      body: { service: 'webhook', account_id: 'live', restart: false },
    });
    const { user } = renderApp('/settings/notifications/add/webhook');
    await user.type(await screen.findByRole('textbox', { name: /^Identifier/ }), 'live');
    await user.type(screen.getByRole('textbox', { name: /^Endpoint/ }), 'http://hooks.local/events');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await targetTable()).toBeInTheDocument();
    expect(serverStateNow().needsRestart).toBe(false);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the server's error and stays on the form", async () => {
    const api = mockEndpoints();
    api.set('POST /api/v1/admin/notification_endpoints', {
      status: 400,
      body: { message: 'the target is not reachable', detailedMessage: 'dial tcp 127.0.0.1:6379: refused' },
    });
    const { user } = renderApp('/settings/notifications/add/redis');
    await user.type(await screen.findByRole('textbox', { name: /^Identifier/ }), 'cache');
    await user.type(screen.getByRole('textbox', { name: /^Address/ }), '127.0.0.1:6379');
    await user.type(screen.getByRole('textbox', { name: /^Key/ }), 'events');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The target is not reachable')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Add Redis Notification Target' })).toBeInTheDocument();
  });

  it('deletes a target only after confirming, then reloads the list', async () => {
    const api = mockEndpoints();
    const { user } = renderApp('/settings/notifications');
    await targetTable();
    await user.click(screen.getByRole('button', { name: 'Delete redis:cache' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Notification Target' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE /api/v1/admin/notification_endpoints/redis/cache')).toHaveLength(0);

    const loads = api.callsTo('GET /api/v1/admin/notification_endpoints').length;
    await user.click(screen.getByRole('button', { name: 'Delete redis:cache' }));
    const again = await screen.findByRole('dialog', { name: 'Delete Notification Target' });
    expect(again).toHaveTextContent('redis:cache');
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsTo('DELETE /api/v1/admin/notification_endpoints/redis/cache')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('GET /api/v1/admin/notification_endpoints').length).toBeGreaterThan(loads);
  });

  it('disables Add and Delete for a session without admin:ConfigUpdate, saying why', async () => {
    const api = mockEndpoints({ can: false });
    const { user } = renderApp('/settings/notifications');
    await targetTable();
    await waitFor(() => expect(api.callsTo('POST /api/v1/has-permission').length).toBeGreaterThan(0));
    expect(api.callsTo('POST /api/v1/has-permission')[0]!.body).toEqual({
      actions: [{ id: 'admin:ConfigUpdate', action: 'admin:ConfigUpdate' }],
    });
    const reason = 'You need the admin:ConfigUpdate permission';
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete redis:cache' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Delete redis:cache' })).toHaveAccessibleDescription(reason);
    const add = screen.getByRole('link', { name: 'Add Notification Target' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(reason);
    // A denied link does not navigate.
    await user.pointer({ keys: '[MouseLeft]', target: add });
    expect(screen.queryByRole('heading', { name: 'Supported Services' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Lambda Notifications' })).toBeInTheDocument();
  });

  it('disables Save on the form without admin:ConfigUpdate', async () => {
    const api = mockEndpoints({ can: false });
    renderApp('/settings/notifications/add/webhook');
    expect(await screen.findByRole('textbox', { name: /^Endpoint/ })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /api/v1/has-permission').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAccessibleDescription(
      'You need the admin:ConfigUpdate permission',
    );
  });
});
