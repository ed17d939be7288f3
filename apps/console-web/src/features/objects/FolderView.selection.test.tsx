import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureSavedUrls } from '../../test/downloads.js';
import { mockApi, permissionsReply, type RecordedCall } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

// The listing's selection (checkboxes, Shift ranges, keyboard) and Download Selected.

const file = (name: string) => ({ name, size: 10, last_modified: '2026-01-02T03:04:05Z', etag: 'e' });
const query = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams;
const PREPARE = 'POST /api/v1/buckets/docs/objects/download-selection';

function mockFolder() {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'POST /api/v1/has-permission': permissionsReply(),
    'GET /api/v1/buckets/docs/objects': (call) => ({
      body: {
        objects:
          query(call).get('prefix') === 'trip/day1/'
            ? [file('trip/day1/x.txt')]
            : [{ name: 'trip/day1/', size: 0 }, file('trip/a.txt'), file('trip/b.txt'), file('trip/c.txt')],
      },
    }),
    [PREPARE]: { body: { token: 'tok_1', expires: '2026-01-02T03:09:05Z' } },
  });
}

const table = () => screen.findByRole('table', { name: /^Objects in docs\// });
const box = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
let saved: string[] = [];

beforeEach(() => {
  saved = captureSavedUrls();
});
afterEach(() => vi.restoreAllMocks());

describe('selection in the listing', () => {
  it('counts the checked rows in the toolbar; Download Selected posts them and saves the token URL', async () => {
    const api = mockFolder();
    const { user } = renderApp('/buckets/docs/browse/trip/');
    await table();
    const download = screen.getByRole('button', { name: 'Download Selected' });
    expect(download).toBeDisabled();
    await user.click(box('day1'));
    await user.click(box('a.txt'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(download);
    await waitFor(() => expect(api.callsTo(PREPARE)).toHaveLength(1));
    expect(api.callsTo(PREPARE)[0]?.body).toEqual({
      prefix: 'trip/',
      keys: ['trip/a.txt'],
      prefixes: ['trip/day1/'],
    });
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(new URL(saved[0] as string).pathname).toBe(
      '/api/v1/buckets/docs/objects/download-selection/tok_1',
    );
    expect(
      await screen.findByText('Download process started, it may take a few moments to complete'),
    ).toBeInTheDocument();
  });

  it('Shift+click selects the range from the last row toggled', async () => {
    mockFolder();
    const { user } = renderApp('/buckets/docs/browse/trip/');
    await table();
    await user.click(box('day1'));
    await user.keyboard('{Shift>}');
    await user.click(box('b.txt'));
    await user.keyboard('{/Shift}');
    expect(box('day1')).toBeChecked();
    expect(box('a.txt')).toBeChecked();
    expect(box('b.txt')).toBeChecked();
    expect(box('c.txt')).not.toBeChecked();
    expect(screen.getByText('3 selected')).toBeInTheDocument();
  });

  it('Space toggles the active row and Shift+Space extends; Clear selection empties it', async () => {
    mockFolder();
    const { user } = renderApp('/buckets/docs/browse/trip/');
    const t = await table();
    const rows = within(t).getAllByRole('row').slice(1);
    rows[1]?.focus();
    await user.keyboard(' ');
    expect(box('a.txt')).toBeChecked();
    await user.keyboard('{ArrowDown}{ArrowDown}{Shift>} {/Shift}');
    expect(box('b.txt')).toBeChecked();
    expect(box('c.txt')).toBeChecked();
    expect(box('day1')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(box('a.txt')).not.toBeChecked();
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
  });

  it('opening a folder starts with nothing selected', async () => {
    mockFolder();
    const { user } = renderApp('/buckets/docs/browse/trip/');
    await table();
    await user.click(box('a.txt'));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'day1' }));
    await screen.findByRole('table', { name: 'Objects in docs/trip/day1/' });
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    expect(box('x.txt')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Download Selected' })).toBeDisabled();
  });

  it("a refused selection shows the server's reason and starts no download", async () => {
    const api = mockFolder();
    api.set(PREPARE, {
      status: 403,
      body: { message: 'access denied', detailedMessage: 'trip/a.txt: Access Denied.' },
    });
    const { user } = renderApp('/buckets/docs/browse/trip/');
    await table();
    await user.click(box('a.txt'));
    await user.click(screen.getByRole('button', { name: 'Download Selected' }));
    expect(
      await screen.findByText(/The selection could not be downloaded: .*Access Denied/),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
