import type { ShareLink } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, permissionsReply } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const future = new Date(Date.now() + 86_400_000).toISOString();
const past = new Date(Date.now() - 86_400_000).toISOString();
const link = (over: Partial<ShareLink>): ShareLink => ({
  id: 'l1',
  kind: 'download',
  bucket: 'docs',
  path: 'a.txt',
  creator: 'alice',
  created: '2026-11-28T10:00:00.000Z',
  expires: future,
  access_key: 'AK1',
  download_count: 0,
  ...over,
});
const LINKS: ShareLink[] = [
  link({ id: 'limited', download_limit: 3, download_count: 1, url: 'http://console/api/v1/share/limited' }),
  link({
    id: 'drop',
    kind: 'drop',
    path: 'inbox/',
    size_limit: 1024 * 1024,
    url: 'http://console/drop/drop',
  }),
  link({ id: 'gone', path: 'b.txt', revoked: '2026-11-28T11:00:00.000Z' }),
  link({ id: 'old', path: 'c.txt', expires: past }),
  link({ id: 'used', path: 'd.txt', download_limit: 2, download_count: 2 }),
];

function mockLinks(allUsers = false) {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'POST /api/v1/has-permission': permissionsReply(),
    'GET /api/v1/share-links': { body: { links: LINKS, total: LINKS.length, all_users: allUsers } },
    'DELETE /api/v1/share-links/limited': { status: 204 },
  });
}

const rowOf = (table: HTMLElement, text: string) =>
  within(within(table).getByRole('cell', { name: text }).closest('[role="row"]') as HTMLElement);

describe('share links', () => {
  it('lists every link with its kind, limits and state', async () => {
    mockLinks();
    renderApp('/share-links');
    const table = await screen.findByRole('table', { name: 'Share links' });
    expect(screen.getByRole('heading', { name: 'Share Links' })).toBeInTheDocument();
    expect(screen.queryByText(/You see every user’s links/)).not.toBeInTheDocument();
    expect(rowOf(table, 'docs/a.txt').getByText('1 of 3')).toBeInTheDocument();
    expect(rowOf(table, 'docs/a.txt').getByText('Active')).toBeInTheDocument();
    const drop = rowOf(table, 'docs/inbox/');
    expect(drop.getByText('Upload (drop)')).toBeInTheDocument();
    expect(drop.getByText('Up to 1.0 MiB a file')).toBeInTheDocument();
    expect(rowOf(table, 'docs/b.txt').getByText('Revoked')).toBeInTheDocument();
    expect(
      rowOf(table, 'docs/b.txt').getByRole('button', { name: 'Revoke link for docs/b.txt' }),
    ).toBeDisabled();
    expect(rowOf(table, 'docs/c.txt').getByText('Expired')).toBeInTheDocument();
    expect(rowOf(table, 'docs/d.txt').getByText('Used up')).toBeInTheDocument();
    // Only links the console serves have an address to copy (a direct link is shown once, when made).
    expect(
      rowOf(table, 'docs/a.txt').getByRole('button', { name: 'Copy link for docs/a.txt' }),
    ).toBeInTheDocument();
    expect(rowOf(table, 'docs/b.txt').queryByRole('button', { name: /Copy link/ })).not.toBeInTheDocument();
  });

  it('says when the list holds every user’s links', async () => {
    mockLinks(true);
    renderApp('/share-links');
    expect(await screen.findByText(/You see every user’s links/)).toBeInTheDocument();
  });

  it('revokes a link after confirmation', async () => {
    const api = mockLinks();
    const { user } = renderApp('/share-links');
    const table = await screen.findByRole('table', { name: 'Share links' });
    await user.click(rowOf(table, 'docs/a.txt').getByRole('button', { name: 'Revoke link for docs/a.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke share link' });
    expect(within(dialog).getByText(/Revoke the link for docs\/a.txt\?/)).toBeInTheDocument();
    const before = api.callsTo('GET /api/v1/share-links').length;
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/share-links/limited')).toHaveLength(1));
    expect(api.callsTo('DELETE /api/v1/share-links/limited')[0]?.headers['x-csrf-token']).toBe('csrf-123');
    await waitFor(() => expect(api.callsTo('GET /api/v1/share-links').length).toBe(before + 1));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Revoke share link' })).not.toBeInTheDocument(),
    );
  });

  it('is in the sidebar', async () => {
    mockLinks();
    renderApp('/share-links');
    expect(await screen.findByRole('link', { name: 'Share Links' })).toHaveAttribute('href', '/share-links');
  });
});
