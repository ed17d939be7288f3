import type { TraceFrame } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { type LiveSocketServer, liveSocketServer } from '../../test/liveSocketServer.js';
import { renderApp } from '../../test/renderApp.js';
import { tableTexts } from '../../test/tableText.js';

const frame = (overrides: Partial<TraceFrame> = {}): TraceFrame => ({
  time: '2026-11-28T10:00:00.000Z',
  host: '127.0.0.1:9000',
  client: '10.0.0.7',
  api: 's3.GetObject',
  method: 'GET',
  path: '/photos/missing.jpg',
  query: 'versionId=1',
  statusCode: 404,
  statusMsg: 'Not Found',
  requestHeaders: {
    Authorization: ['AWS4-HMAC-SHA256 Credential=AK/x, Signature=*REDACTED*'],
    Host: ['s3.local'],
  },
  responseHeaders: { 'Content-Type': ['application/xml'] },
  callStats: { rx: 0, tx: 2048, duration: 2_500_000, timeToFirstByte: 1_250_000 },
  ...overrides,
});

/** jsdom's Blob has no text(); FileReader reads it. */
const blobText = (blob: Blob | undefined) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob as Blob);
  });

let live: LiveSocketServer;
beforeEach(async () => {
  live = await liveSocketServer();
  mockApi({ 'GET /api/v1/session': { body: session() } });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await live.close();
});

const query = (i = -1) => Object.fromEntries(new URL(live.urls.at(i) ?? '').searchParams);
const table = () => screen.getByRole('table', { name: 'Traced calls' });

async function openTrace() {
  const app = renderApp('/trace');
  await screen.findByRole('heading', { name: 'Trace', level: 1 });
  return app;
}

async function startAndConnect(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Start' }));
  await waitFor(() => expect(live.peer()).toBeDefined());
  await screen.findByText('No Traced elements received yet');
}

describe('Trace', () => {
  it('starts with S3 alone and no filter, and says it is not started yet', async () => {
    const { user } = await openTrace();
    expect(screen.getByText('Trace is not started yet')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'S3' })).toBeChecked();
    for (const name of ['All', 'Internal', 'Storage', 'OS', 'Display only Errors'])
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
    await startAndConnect(user);
    expect(live.urls[0]).toMatch(/^ws:\/\/localhost(:\d+)?\/ws\/trace\?/);
    expect(query()).toEqual({ calls: 's3', threshold: '0', onlyErrors: 'no' });
  });

  it('sends every filter in the socket query, and locks the filters while running', async () => {
    const { user } = await openTrace();
    await user.type(screen.getByLabelText('Status Code'), '404');
    await user.type(screen.getByLabelText('Method'), 'get');
    await user.type(screen.getByLabelText('Function Name'), 'GetObject');
    await user.type(screen.getByLabelText('Path'), 'photos/');
    const threshold = screen.getByLabelText('Response Threshold');
    await user.clear(threshold);
    await user.type(threshold, '250');
    await user.click(screen.getByRole('checkbox', { name: 'Internal' }));
    await user.click(screen.getByRole('checkbox', { name: 'OS' }));
    await user.click(screen.getByRole('checkbox', { name: 'Display only Errors' }));
    await startAndConnect(user);
    expect(query()).toEqual({
      calls: 's3,internal,os',
      threshold: '250',
      onlyErrors: 'yes',
      statusCode: '404',
      method: 'GET',
      funcname: 'GetObject',
      path: 'photos/',
    });
    for (const label of ['Status Code', 'Method', 'Function Name', 'Path', 'Response Threshold'])
      expect(screen.getByLabelText(label)).toBeDisabled();
    for (const name of ['All', 'S3', 'Internal', 'Storage', 'OS', 'Display only Errors'])
      expect(screen.getByRole('checkbox', { name })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();

    // Stop ends the trace and gives the filters back.
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByLabelText('Status Code')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();
  });

  it('All traces every kind of call', async () => {
    const { user } = await openTrace();
    await user.click(screen.getByRole('checkbox', { name: 'All' }));
    for (const name of ['S3', 'Internal', 'Storage', 'OS']) {
      expect(screen.getByRole('checkbox', { name })).toBeChecked();
      expect(screen.getByRole('checkbox', { name })).toBeDisabled();
    }
    await startAndConnect(user);
    expect(query().calls).toBe('all');
  });

  it('refuses a negative threshold, a malformed status code and no call type at all', async () => {
    const { user } = await openTrace();
    const threshold = screen.getByLabelText('Response Threshold');
    await user.clear(threshold);
    await user.type(threshold, '-5');
    expect(
      await screen.findByText('The response threshold must be a whole number, 0 or greater'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    await user.clear(threshold);
    await user.type(threshold, '0');
    expect(screen.queryByText(/must be a whole number/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Start' })).toBeEnabled();

    await user.type(screen.getByLabelText('Status Code'), '4x4');
    expect(screen.getByText('A status code has three digits, e.g. 404')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Status Code'));

    await user.click(screen.getByRole('checkbox', { name: 'S3' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one kind of call to trace');
    expect(screen.getByRole('button', { name: 'Start' })).toBeDisabled();
    expect(live.urls).toEqual([]);
  });

  it('shows each call in the columns of spec 002, newest first, and opens its request and response', async () => {
    const { user } = await openTrace();
    await startAndConnect(user);
    live.send(
      frame({
        api: 's3.PutObject',
        method: 'PUT',
        statusCode: 200,
        statusMsg: 'OK',
        callStats: { rx: 1536, tx: 0, duration: 1_000_000, timeToFirstByte: 0 },
      }),
    );
    live.send(frame());
    const { header, rows } = await tableTexts(table, 2);
    expect(header).toEqual(['Time', 'Name', 'Status', 'Location', 'Load Time', 'Upload', 'Download']);
    const [newest, oldest] = rows;
    expect(newest?.slice(1)).toEqual([
      's3.GetObject',
      '404 Not Found',
      '127.0.0.1:9000 10.0.0.7',
      '0.0025s',
      '0 B',
      '2.0 KiB',
    ]);
    expect(oldest?.slice(1, 3)).toEqual(['s3.PutObject', '200 OK']);
    expect(oldest?.[5]).toBe('1.5 KiB');
    expect(screen.getByText('2 received')).toBeInTheDocument();

    await user.click(within(table()).getByRole('button', { name: 's3.GetObject' }));
    const drawer = await screen.findByRole('dialog', { name: 'GET /photos/missing.jpg' });
    const summary = within(drawer).getByRole('table', { name: 'Call' });
    const value = (name: string) =>
      within(summary).getByRole('rowheader', { name }).closest('tr')?.querySelector('td')?.textContent;
    expect(value('Query')).toBe('versionId=1');
    expect(value('Client')).toBe('10.0.0.7');
    expect(value('Node')).toBe('127.0.0.1:9000');
    expect(value('Duration')).toBe('0.0025s');
    expect(value('Time to first byte')).toBe('0.0013s');
    expect(value('Bytes sent (download)')).toBe('2.0 KiB (2,048)');
    const request = within(drawer).getByRole('table', { name: 'Request headers' });
    expect(within(request).getByRole('rowheader', { name: 'Authorization' })).toBeInTheDocument();
    expect(request).toHaveTextContent('Signature=*REDACTED*');
    const response = within(drawer).getByRole('table', { name: 'Response headers' });
    expect(response).toHaveTextContent('application/xml');
  });

  it('Export saves the rows the table shows, as JSON', async () => {
    const saved: Blob[] = [];
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL(blob: Blob) {
          saved.push(blob);
          return 'blob:trace';
        }
        static override revokeObjectURL() {}
      },
    );
    // jsdom's anchors cannot navigate: the click itself is enough here.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = await openTrace();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    await startAndConnect(user);
    const get = frame();
    const put = frame({
      api: 's3.PutObject',
      method: 'PUT',
      path: '/photos/cat.jpg',
      statusCode: 200,
      statusMsg: 'OK',
    });
    live.send(get);
    live.send(put);
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Search traced calls' }), 'putobject');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]?.type).toBe('application/json');
    expect(JSON.parse(await blobText(saved[0]))).toEqual([put]);

    await user.clear(screen.getByRole('searchbox', { name: 'Search traced calls' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(JSON.parse(await blobText(saved[1]))).toEqual([put, get]);
  });

  it('Pause holds calls back; they are still there to Resume after the server ended the trace', async () => {
    const { user } = await openTrace();
    await startAndConnect(user);
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    live.send(frame());
    live.send(frame({ api: 's3.HeadObject', method: 'HEAD' }));
    expect(await screen.findByText('2 new while paused')).toBeInTheDocument();
    live.peer()?.close(1000);
    await screen.findByRole('button', { name: 'Start' });
    expect(screen.getByText('Trace is not started yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    const { rows } = await tableTexts(table, 2);
    expect(rows.map((r) => r[1])).toEqual(['s3.HeadObject', 's3.GetObject']);
    expect(screen.queryByRole('button', { name: /Pause|Resume/ })).toBeNull();
  });

  it('stops when the server closes the stream, keeping what arrived', async () => {
    const { user } = await openTrace();
    await startAndConnect(user);
    live.send(frame());
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    live.peer()?.close(1000);
    expect(await screen.findByRole('button', { name: 'Start' })).toBeEnabled();
    expect(screen.getByLabelText('Path')).toBeEnabled();
    expect(within(table()).getAllByRole('row')).toHaveLength(2);
  });
});
