import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetchMock.js';
import { bucket, session } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/renderApp.js';

const ARN = 'arn:minio:sqs::primary:webhook';

function mockEvents() {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'GET /api/v1/buckets/photos': { body: { ...bucket('photos'), access: 'PRIVATE', definition: '' } },
    'GET /api/v1/buckets/photos/events': {
      body: { events: [{ id: 'e1', arn: ARN, events: ['put', 'delete'], prefix: 'raw/', suffix: '.jpg' }] },
    },
    'POST /api/v1/buckets/photos/events': { status: 201 },
    [`DELETE /api/v1/buckets/photos/events/${encodeURIComponent(ARN)}`]: { status: 204 },
    'GET /api/v1/admin/arns': { body: { arns: [ARN] } },
  });
}

describe('bucket events', () => {
  it('lists subscriptions with SQS, Events, Prefix and Suffix', async () => {
    mockEvents();
    renderApp('/buckets/photos/admin/events');
    const table = await screen.findByRole('table', { name: 'Events' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['SQS', 'Events', 'Prefix', 'Suffix', 'Actions']);
    expect(within(table).getByRole('cell', { name: 'put, delete' })).toBeInTheDocument();
  });

  it('Subscribe To Event needs a target and an event kind', async () => {
    const api = mockEvents();
    const { user } = renderApp('/buckets/photos/admin/events');
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe To Event' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(within(dialog).getAllByLabelText(/ARN/)[0]!);
    await user.click(await screen.findByRole('option', { name: ARN }));
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'GET - Object accessed' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Prefix' }), 'thumbs/');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/buckets/photos/events')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/buckets/photos/events')[0]!.body).toEqual({
      configuration: { arn: ARN, events: ['get'], prefix: 'thumbs/', suffix: '' },
      ignoreExisting: true,
    });
  });

  it('deletes a subscription by its arn, kinds, prefix and suffix', async () => {
    const api = mockEvents();
    const { user } = renderApp('/buckets/photos/admin/events');
    await user.click(await screen.findByRole('button', { name: `Delete event for ${ARN}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Event' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const key = `DELETE /api/v1/buckets/photos/events/${encodeURIComponent(ARN)}`;
    await waitFor(() => expect(api.callsTo(key)).toHaveLength(1));
    expect(api.callsTo(key)[0]!.body).toEqual({ events: ['put', 'delete'], prefix: 'raw/', suffix: '.jpg' });
  });
});
