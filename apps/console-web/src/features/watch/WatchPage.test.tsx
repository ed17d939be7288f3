import type { WatchFrame } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { bucket, session } from '../../test/fixtures.js';
import { type LiveSocketServer, liveSocketServer } from '../../test/liveSocketServer.js';
import { renderApp } from '../../test/renderApp.js';
import { tableTexts } from '../../test/tableText.js';

const event = (overrides: Partial<WatchFrame> = {}): WatchFrame => ({
  Time: '2026-11-28T10:00:00.000Z',
  Size: 1536,
  Type: 's3:ObjectCreated:Put',
  Path: 'photos/cat.jpg',
  Host: '127.0.0.1',
  UserAgent: 'test',
  UserMetadata: {},
  ...overrides,
});

let live: LiveSocketServer;
beforeEach(async () => {
  live = await liveSocketServer();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await live.close();
});

const bucketBox = () => screen.getByPlaceholderText('Select Bucket');
const table = () => screen.getByRole('table', { name: 'Bucket events' });

async function openWatch(buckets: { status?: number; body: unknown }) {
  mockApi({ 'GET /api/v1/session': { body: session() }, 'GET /api/v1/buckets': buckets });
  const app = renderApp('/watch');
  await screen.findByRole('heading', { name: 'Watch', level: 1 });
  return app;
}

describe('Watch', () => {
  it('starts only on a listed bucket, with its prefix and suffix, and lists events newest first', async () => {
    const { user } = await openWatch({ body: { buckets: [bucket('photos'), bucket('logs')], total: 2 } });
    expect(screen.getByText('No Changes at this time')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();

    await user.click(bucketBox());
    await user.click(await screen.findByRole('option', { name: 'photos' }));
    await user.type(screen.getByLabelText('Prefix'), 'cats/');
    await user.type(screen.getByLabelText('Suffix'), '.jpg');
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(live.peer()).toBeDefined());
    const url = new URL(live.urls[0] ?? '');
    expect(url.pathname).toBe('/ws/watch/photos');
    expect(Object.fromEntries(url.searchParams)).toEqual({ prefix: 'cats/', suffix: '.jpg' });
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(screen.getByLabelText('Prefix')).toBeDisabled();
    expect(bucketBox()).toBeDisabled();

    live.send(event());
    live.send(event({ Type: 's3:ObjectRemoved:Delete', Size: 0 }));
    const { header, rows } = await tableTexts(table, 2);
    expect(header).toEqual(['Time', 'Size', 'Type', 'Path']);
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['0 B', 's3:ObjectRemoved:Delete', 'photos/cat.jpg'],
      ['1.5 KiB', 's3:ObjectCreated:Put', 'photos/cat.jpg'],
    ]);

    // The server ends the stream: Start again, the events stay.
    live.peer()?.close(1000);
    expect(await screen.findByRole('button', { name: 'Start' })).toBeEnabled();
    expect(within(table()).getAllByRole('row')).toHaveLength(3);
  });

  it('Stop closes the stream on request', async () => {
    const { user } = await openWatch({ body: { buckets: [bucket('photos')], total: 1 } });
    await user.click(bucketBox());
    await user.click(await screen.findByRole('option', { name: 'photos' }));
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(live.peer()).toBeDefined());
    const closed = new Promise<number>((r) => live.peer()?.once('close', (code: number) => r(code)));
    await user.click(await screen.findByRole('button', { name: 'Stop' }));
    expect(await closed).toBe(1000);
    expect(screen.getByLabelText('Prefix')).toBeEnabled();
  });

  it('a failed bucket list is only logged: no message, nothing to start', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = await openWatch({
      status: 500,
      body: { message: 'boom', detailedMessage: 'store down' },
    });
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('boom')).toBeNull();
    await user.click(bucketBox());
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    expect(live.urls).toEqual([]);
  });
});
