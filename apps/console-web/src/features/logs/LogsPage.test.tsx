import type { AuditRecord, LogFrame } from '@stowage/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobText, captureDownloads } from '../../test/downloads.js';
import { mockApi, type RecordedCall } from '../../test/fetchMock.js';
import { auditRecord, session } from '../../test/fixtures.js';
import { type LiveSocketServer, liveSocketServer } from '../../test/liveSocketServer.js';
import { renderApp } from '../../test/renderApp.js';

const searchParams = (call: RecordedCall) => new URL(call.url, 'http://x').searchParams;

/** Page `pageNo` of a search: 100 rows, their request ids numbering them across pages. */
const page = (pageNo: number, size = 100): AuditRecord[] =>
  Array.from({ length: size }, (_, i) => auditRecord({ request_id: `req-${pageNo * 100 + i}` }));

function mockAudit(features = ['log-search']) {
  return mockApi({
    'GET /api/v1/session': { body: session({ features }) },
    'GET /api/v1/logs/search': (call) => ({
      body: { results: page(Number(searchParams(call).get('pageNo'))) },
    }),
  });
}

describe('logs: the left menu', () => {
  let live: LiveSocketServer;
  beforeEach(async () => {
    live = await liveSocketServer();
  });
  afterEach(() => live.close());

  it('Audit Logs is disabled without the log-search feature, and its path falls back to Error Logs', async () => {
    mockAudit([]);
    renderApp('/logs/audit');
    const nav = await screen.findByRole('navigation', { name: 'Logs sections' });
    expect(within(nav).getByRole('link', { name: /Audit Logs/ })).toHaveAttribute('data-disabled');
    expect(await screen.findByRole('searchbox', { name: 'Highlight Line' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get Information' })).not.toBeInTheDocument();
  });

  it('with log-search, Audit Logs opens', async () => {
    mockAudit();
    const { user } = renderApp('/logs');
    const nav = await screen.findByRole('navigation', { name: 'Logs sections' });
    await user.click(within(nav).getByRole('link', { name: 'Audit Logs' }));
    expect(await screen.findByRole('button', { name: 'Get Information' })).toBeInTheDocument();
  });
});

describe('error logs', () => {
  let live: LiveSocketServer;
  beforeEach(async () => {
    live = await liveSocketServer();
  });
  afterEach(() => live.close());

  const frame = (over: Partial<LogFrame>): LogFrame => ({
    time: '2026-11-28T10:00:00Z',
    node: 'node-1',
    level: 'ERROR',
    errKind: 'ALL',
    ConsoleMsg: '',
    ...over,
  });

  it('lists the live entries newest first, highlights (not filters) matches, and opens an entry', async () => {
    mockAudit();
    const { user } = renderApp('/logs/error');
    const server = await live.opened();
    expect(live.paths[0]).toBe('/ws/console');
    server.send(
      JSON.stringify(
        frame({
          requestID: 'REQ-OLD',
          api: { name: 'GetObject' },
          message: 'disk slow',
          level: 'WARNING',
        }),
      ),
    );
    server.send(
      JSON.stringify(
        frame({
          requestID: 'REQ-NEW',
          api: { name: 'PutObject', args: { bucket: 'photos', object: 'cat.jpg' } },
          remotehost: '10.1.2.3',
          userAgent: 'aws-sdk',
          error: { message: 'drive not found', source: ['erasure/decode.ts:42', 'http/server.ts:10'] },
        }),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Error Logs' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('REQ-NEW');
    expect(first).toHaveTextContent('drive not found');
    expect(second).toHaveTextContent('REQ-OLD');

    await user.type(screen.getByRole('searchbox', { name: 'Highlight Line' }), 'put');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const marks = table.querySelectorAll('mark');
    expect([...marks].map((m) => m.textContent)).toEqual(['Put']);
    expect(screen.getByText('Entries matching: 1')).toBeInTheDocument();

    await user.click(within(first as HTMLElement).getByRole('button', { name: /Details of the entry/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Log entry' });
    expect(dialog).toHaveTextContent('erasure/decode.ts:42');
    expect(dialog).toHaveTextContent('http/server.ts:10');
    expect(dialog).toHaveTextContent('10.1.2.3');
    expect(dialog).toHaveTextContent('aws-sdk');
    expect(dialog).toHaveTextContent('photos');
    expect(dialog).toHaveTextContent('cat.jpg');
  });

  it('Pause keeps new entries aside until Resume', async () => {
    mockAudit();
    const { user } = renderApp('/logs/error');
    const server = await live.opened();
    server.send(JSON.stringify(frame({ requestID: 'ONE' })));
    const table = await screen.findByRole('table', { name: 'Error Logs' });
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    server.send(JSON.stringify(frame({ requestID: 'TWO' })));
    expect(await screen.findByText('1 new while paused')).toBeInTheDocument();
    expect(within(table).queryByText('TWO')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await within(table).findByText('TWO')).toBeInTheDocument();
  });
});

describe('audit logs', () => {
  it('Get Information sends the window and the filters with their wildcards, from page 0', async () => {
    const api = mockAudit();
    const { user } = renderApp('/logs/audit');
    await user.click(await screen.findByRole('button', { name: 'Advanced Filters' }));
    await user.type(screen.getByLabelText('Bucket'), 'photos');
    await user.type(screen.getByLabelText('API Name'), 'Put*');
    await user.type(screen.getByLabelText('Object'), 'a\\.b');
    fireEvent.change(screen.getByLabelText('Start Time'), { target: { value: '2026-11-28T09:00' } });
    await user.click(screen.getByRole('button', { name: 'Get Information' }));
    await waitFor(() => expect(api.callsTo('GET /api/v1/logs/search')).toHaveLength(1));
    const q = searchParams(api.callsTo('GET /api/v1/logs/search')[0] as RecordedCall);
    expect(q.getAll('fp')).toEqual(['bucket:photos', 'object:a\\.b', 'api_name:Put*']);
    expect(q.get('pageNo')).toBe('0');
    expect(q.get('pageSize')).toBe('100');
    expect(q.get('order')).toBe('timeDesc');
    expect(q.get('timeStart')).toBe(new Date('2026-11-28T09:00').toISOString());
    expect(q.has('timeEnd')).toBe(false);
  });

  it('an end before the start disables Get Information', async () => {
    mockAudit();
    renderApp('/logs/audit');
    fireEvent.change(await screen.findByLabelText('Start Time'), { target: { value: '2026-11-28T09:00' } });
    fireEvent.change(screen.getByLabelText('End Time'), { target: { value: '2026-11-28T08:00' } });
    expect(screen.getByText('The end time is before the start time.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get Information' })).toBeDisabled();
  });

  it('scrolling to the end appends the next page; sorting and Get Information start again at page 0', async () => {
    const api = mockAudit();
    const { user } = renderApp('/logs/audit');
    await user.click(await screen.findByRole('button', { name: 'Get Information' }));
    expect(await screen.findByText('100 loaded')).toBeInTheDocument();

    const rows = screen.getByTestId('virtual-rows');
    rows.scrollTop = 100 * 40;
    fireEvent.scroll(rows);
    expect(await screen.findByText('200 loaded')).toBeInTheDocument();
    const pages = () => api.callsTo('GET /api/v1/logs/search').map((c) => searchParams(c).get('pageNo'));
    expect(pages()).toEqual(['0', '1']);

    await user.click(screen.getByRole('radio', { name: 'Oldest first' }));
    expect(await screen.findByText('100 loaded')).toBeInTheDocument();
    const last = api.callsTo('GET /api/v1/logs/search').at(-1) as RecordedCall;
    expect(searchParams(last).get('order')).toBe('timeAsc');
    expect(pages()).toEqual(['0', '1', '0']);

    await user.click(screen.getByRole('button', { name: 'Get Information' }));
    await waitFor(() => expect(pages()).toEqual(['0', '1', '0', '0']));
  });

  it('shows the default columns, and more under Shown Columns', async () => {
    mockAudit();
    const { user } = renderApp('/logs/audit');
    await user.click(await screen.findByRole('button', { name: 'Get Information' }));
    const table = await screen.findByRole('table', { name: 'Audit Logs' });
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(headers()).toEqual([
      'Time',
      'API Name',
      'Bucket',
      'Object',
      'Remote Host',
      'Request ID',
      'User Agent',
      'Response Status',
    ]);
    await user.click(screen.getByRole('button', { name: 'Shown Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Response Status Code' }));
    await user.click(screen.getByRole('checkbox', { name: 'User Agent' }));
    expect(headers()).toContain('Response Status Code');
    expect(headers()).not.toContain('User Agent');
  });

  it('exports the loaded rows as CSV and JSON', async () => {
    mockAudit();
    const files = captureDownloads();
    const { user } = renderApp('/logs/audit');
    await user.click(await screen.findByRole('button', { name: 'Get Information' }));
    await screen.findByText('100 loaded');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('button', { name: 'Export JSON' }));
    expect(files).toHaveLength(2);
    expect(files.map((f) => f.name)).toEqual([
      expect.stringMatching(/^audit-logs-.*\.csv$/),
      expect.stringMatching(/^audit-logs-.*\.json$/),
    ]);
    const csv = await blobText(files[0]!.blob);
    expect(csv.split('\r\n')).toHaveLength(102);
    expect(csv).toContain(',req-99,');
    const json = JSON.parse(await blobText(files[1]!.blob)) as AuditRecord[];
    expect(json.map((r) => r.request_id)).toEqual(page(0).map((r) => r.request_id));
  });

  it('a failed search is an error snack message', async () => {
    mockApi({
      'GET /api/v1/session': { body: session({ features: ['log-search'] }) },
      'GET /api/v1/logs/search': {
        status: 500,
        body: { message: 'database locked', detailedMessage: 'busy' },
      },
    });
    const { user } = renderApp('/logs/audit');
    await user.click(await screen.findByRole('button', { name: 'Get Information' }));
    expect(await screen.findByText('Database locked: Busy')).toBeInTheDocument();
  });
});
