import type { ShareLink } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, permissionsReply } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const CREATED: ShareLink = {
  id: 'd1',
  kind: 'drop',
  bucket: 'docs',
  path: 'inbox/',
  creator: 'admin',
  created: '2026-11-28T10:00:00.000Z',
  expires: '2026-11-29T10:00:00.000Z',
  access_key: 'AK',
  download_count: 0,
  size_limit: 10 * 1024 * 1024,
  url: 'http://localhost:9090/drop/d1',
};

describe('create drop link', () => {
  it('makes a link for the folder on screen, with its size limit and expiry', async () => {
    const api = mockApi({
      'GET /api/v1/session': { body: session() },
      'POST /api/v1/has-permission': permissionsReply(),
      'GET /api/v1/buckets/docs/objects': { body: { objects: [] } },
      'POST /api/v1/share-links/drop': { status: 201, body: CREATED },
    });
    const { user } = renderApp('/buckets/docs/browse/inbox/');
    await user.click(await screen.findByRole('button', { name: 'Create drop link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create drop link' });
    expect(within(dialog).getByText(/upload files into docs\/inbox\//)).toBeInTheDocument();
    const size = within(dialog).getByRole('textbox', { name: 'Largest file (MiB)' });
    await user.clear(size);
    await user.type(size, '10');
    await user.click(within(dialog).getByRole('combobox', { name: 'Expires in' }));
    await user.click(await screen.findByRole('option', { name: '3 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/share-links/drop')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/share-links/drop')[0]?.body).toEqual({
      bucket: 'docs',
      prefix: 'inbox/',
      size_limit: 10 * 1024 * 1024,
      expires_seconds: 259200,
    });
    expect(await within(dialog).findByRole('textbox', { name: 'Drop link' })).toHaveValue(
      'http://localhost:9090/drop/d1',
    );
    expect(within(dialog).getByText(/listed under Share links/)).toBeInTheDocument();
    // Made: nothing is left to cancel or create again; Close is the one way out.
    expect(within(dialog).queryByRole('button', { name: 'Create link' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    // The header's × and the footer's Close: the footer's is the last.
    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closes).toHaveLength(2);
    await user.click(closes[1]!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create drop link' })).toBeNull());
    expect(api.callsTo('POST /api/v1/share-links/drop')).toHaveLength(1);
  });

  it('refuses a size over 5 GiB', async () => {
    mockApi({
      'GET /api/v1/session': { body: session() },
      'POST /api/v1/has-permission': permissionsReply(),
      'GET /api/v1/buckets/docs/objects': { body: { objects: [] } },
    });
    const { user } = renderApp('/buckets/docs/browse');
    await user.click(await screen.findByRole('button', { name: 'Create drop link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create drop link' });
    const size = within(dialog).getByRole('textbox', { name: 'Largest file (MiB)' });
    await user.clear(size);
    await user.type(size, '6000');
    await user.tab();
    // Clamped to the most a single upload can be, never over it.
    await waitFor(() => expect(size).toHaveValue('5120'));
  });
});
