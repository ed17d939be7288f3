import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { captureSavedUrls } from '../../test/downloads.js';
import { mockApi, permissionsReply, type RecordedCall } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { FOLDER_INTENT_MS } from './queries.js';
import { setRewind } from './rewind.js';

const file = (name: string, size = 10) => ({ name, size, last_modified: '2026-01-02T03:04:05Z', etag: 'e' });
const query = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams;

function mockFolder(listing: (call: RecordedCall) => { objects: unknown[]; next?: string }) {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'POST /api/v1/has-permission': permissionsReply(),
    'GET /api/v1/buckets/docs/objects': (call) => ({ body: listing(call) }),
    'POST /api/v1/buckets/docs/delete-objects': { body: { deleted: 2, errors: [] } },
    'DELETE /api/v1/buckets/docs/objects': { status: 204 },
  });
}

const table = () => screen.findByRole('table', { name: /^Objects in docs\// });
const names = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]?.textContent);

afterEach(() => setRewind(null));

describe('object browser listing', () => {
  it('shows folders and files with size and date, linked into the browser', async () => {
    mockFolder(() => ({ objects: [{ name: 'photos/', size: 0 }, file('readme.txt', 2048)] }));
    renderApp('/buckets/docs/browse');
    const t = await table();
    expect(names(t)).toEqual(['photos', 'readme.txt']);
    expect(within(t).getByRole('link', { name: 'photos' })).toHaveAttribute(
      'href',
      '/buckets/docs/browse/photos/',
    );
    expect(within(t).getByRole('link', { name: 'readme.txt' })).toHaveAttribute(
      'href',
      '/buckets/docs/browse/readme.txt',
    );
    expect(within(t).getByText('2.0 KiB')).toBeInTheDocument();
    // Folders cannot be shared; files can. The rows' buttons come in a render of their own,
    // right after the rows.
    expect(await within(t).findByRole('button', { name: 'Share readme.txt' })).toBeEnabled();
    expect(within(t).queryByRole('button', { name: 'Share photos' })).not.toBeInTheDocument();
  });

  it('Enter on a row (moved to with the arrow keys) opens it, as its name link does', async () => {
    mockFolder((call) =>
      query(call).get('prefix') === 'photos/'
        ? { objects: [file('photos/cat.png')] }
        : { objects: [file('readme.txt'), { name: 'photos/', size: 0 }] },
    );
    const { user } = renderApp('/buckets/docs/browse');
    const t = await table();
    const rows = within(t).getAllByRole('row').slice(1);
    rows[0]?.focus();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('table', { name: 'Objects in docs/photos/' })).toBeInTheDocument();
  });

  it("fetches a folder's first page on intent: a press or a resting pointer, before the click", async () => {
    const api = mockFolder((call) =>
      query(call).get('prefix')?.endsWith('/')
        ? { objects: [file(`${query(call).get('prefix')}a.txt`)] }
        : { objects: [{ name: 'photos/', size: 0 }, { name: 'music/', size: 0 }, file('readme.txt')] },
    );
    renderApp('/buckets/docs/browse');
    const t = await table();
    const listed = () => api.callsTo('GET /api/v1/buckets/docs/objects').map((c) => query(c).get('prefix'));
    expect(listed()).toEqual(['']);
    // A pointer passing over a link is not intent; one resting on it is.
    fireEvent.pointerEnter(within(t).getByRole('link', { name: 'music' }));
    fireEvent.pointerLeave(within(t).getByRole('link', { name: 'music' }));
    fireEvent.pointerEnter(within(t).getByRole('link', { name: 'readme.txt' }));
    await new Promise((r) => setTimeout(r, FOLDER_INTENT_MS * 2));
    expect(listed()).toEqual(['']);
    fireEvent.pointerEnter(within(t).getByRole('link', { name: 'music' }));
    await waitFor(() => expect(listed()).toEqual(['', 'music/']));
    // A press fetches at once; the click that follows uses that answer, with no second call.
    fireEvent.pointerDown(within(t).getByRole('link', { name: 'photos' }));
    expect(listed()).toEqual(['', 'music/', 'photos/']);
    fireEvent.click(within(t).getByRole('link', { name: 'photos' }));
    expect(await screen.findByRole('table', { name: 'Objects in docs/photos/' })).toBeInTheDocument();
    expect(await screen.findByText('a.txt')).toBeInTheDocument();
    expect(listed()).toEqual(['', 'music/', 'photos/']);
  });

  it('says when a location is empty', async () => {
    mockFolder(() => ({ objects: [] }));
    renderApp('/buckets/docs/browse/empty/');
    expect(
      await screen.findByText('This location is empty, please try uploading a new file'),
    ).toBeInTheDocument();
  });

  it('draws only the rows in view and asks for the next page near the end', async () => {
    const page1 = Array.from({ length: 25 }, (_, i) => file(`k${String(i).padStart(4, '0')}`));
    const page2 = Array.from({ length: 1000 }, (_, i) => file(`m${String(i).padStart(4, '0')}`));
    const api = mockFolder((call) =>
      query(call).get('continuation') === 'T1' ? { objects: page2 } : { objects: page1, next: 'T1' },
    );
    renderApp('/buckets/docs/browse');
    await waitFor(() => expect(api.callsTo('GET /api/v1/buckets/docs/objects')).toHaveLength(2));
    const t = await table();
    await waitFor(() => expect(t).toHaveAttribute('aria-rowcount', String(1 + 1025)));
    // 1025 rows loaded; only the viewport and its overscan are in the DOM.
    expect(within(t).getAllByRole('row').length).toBeLessThan(40);
    // The first page filled the view, so the third (none) is not requested.
    expect(api.callsTo('GET /api/v1/buckets/docs/objects').map((c) => query(c).get('limit'))).toEqual([
      '1000',
      '1000',
    ]);
  });

  it('a search of a fully loaded folder filters it and says so', async () => {
    mockFolder(() => ({ objects: [file('alpha.txt'), file('beta.txt'), file('alphabet.md')] }));
    const { user } = renderApp('/buckets/docs/browse');
    const t = await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search Objects' }), 'ALPHA');
    expect(names(t)).toEqual(['alpha.txt', 'alphabet.md']);
    expect(screen.getByText('Searched all 3 entries of this folder.')).toBeInTheDocument();
  });

  it('opening another folder starts its search and selection afresh, keeping the shown columns', async () => {
    mockFolder((call) =>
      query(call).get('prefix') === 'photos/'
        ? { objects: [file('photos/cat.png'), file('photos/dog.png')] }
        : { objects: [{ name: 'photos/', size: 0 }, file('readme.txt')] },
    );
    const { user } = renderApp('/buckets/docs/browse');
    await table();
    const search = screen.getByRole('searchbox', { name: 'Search Objects' });
    await user.type(search, 'pho');
    await user.click(screen.getByRole('checkbox', { name: /photos/ }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Shown Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Size' }));
    await user.click(screen.getByRole('link', { name: 'photos' }));
    const inPhotos = await screen.findByRole('table', { name: 'Objects in docs/photos/' });
    expect(names(inPhotos)).toEqual(['cat.png', 'dog.png']);
    // The same search box, not a new one: the screen was not drawn again, only its state reset.
    expect(screen.getByRole('searchbox', { name: 'Search Objects' })).toBe(search);
    expect(search).toHaveValue('');
    expect(screen.queryByText('1 selected')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /cat\.png/ })).not.toBeChecked();
    // The table was not drawn again either: Size stays hidden, as chosen in the folder above.
    const headers = within(inPhotos)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('Last Modified');
    expect(headers).not.toContain('Size');
  });

  it('a search of a folder larger than what is loaded asks the server for the whole folder', async () => {
    const api = mockFolder((call) =>
      query(call).get('prefix') === 'logs/2026'
        ? { objects: [file('logs/2026-01.log')] }
        : { objects: [file('logs/2025-12.log')], next: 'more' },
    );
    renderApp('/buckets/docs/browse/logs/');
    await table();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search Objects' }), {
      target: { value: '2026' },
    });
    await waitFor(() =>
      expect(names(screen.getByRole('table', { name: /^Objects in/ }))).toEqual(['2026-01.log']),
    );
    expect(
      screen.getByText(
        'This folder has more entries than are loaded, so the search covers names in the whole folder that start with “2026”.',
      ),
    ).toBeInTheDocument();
    expect(
      api.callsTo('GET /api/v1/buckets/docs/objects').some((c) => query(c).get('prefix') === 'logs/2026'),
    ).toBe(true);
  });

  it('Delete Selected sends the checked rows, folders recursively', async () => {
    const api = mockFolder(() => ({ objects: [{ name: 'old/', size: 0 }, file('a.txt'), file('b.txt')] }));
    const { user } = renderApp('/buckets/docs/browse');
    await table();
    const deleteSelected = screen.getByRole('button', { name: 'Delete Selected' });
    expect(deleteSelected).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select old' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select a.txt' }));
    await user.click(deleteSelected);
    const dialog = await screen.findByRole('dialog', { name: 'Delete' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/buckets/docs/delete-objects')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/buckets/docs/delete-objects')[0]?.body).toEqual([
      { path: 'old/', recursive: true },
      { path: 'a.txt' },
    ]);
    expect(await screen.findByText('Objects deleted successfully.')).toBeInTheDocument();
  });

  it('a selection larger than one call allows is deleted in calls of 1000', async () => {
    const many = Array.from({ length: 1500 }, (_, i) => file(`f${String(i).padStart(4, '0')}`));
    const api = mockFolder(() => ({ objects: many }));
    api.set('POST /api/v1/buckets/docs/delete-objects', (call) => ({
      body: { deleted: (call.body as unknown[]).length, errors: [] },
    }));
    const { user } = renderApp('/buckets/docs/browse');
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select all loaded objects' }));
    await user.click(screen.getByRole('button', { name: 'Delete Selected' }));
    expect(
      await screen.findByText('Are you sure you want to delete the 1500 selected objects and folders?'),
    ).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Objects deleted successfully.')).toBeInTheDocument();
    const sizes = api
      .callsTo('POST /api/v1/buckets/docs/delete-objects')
      .map((c) => (c.body as unknown[]).length);
    expect(sizes).toEqual([1000, 500]);
  });

  it('a row delete names the object in its success message', async () => {
    const api = mockFolder(() => ({ objects: [file('dir/a.txt')] }));
    const { user } = renderApp('/buckets/docs/browse/dir/');
    await table();
    await user.click(await screen.findByRole('button', { name: 'Delete a.txt' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText("Object 'a.txt' deleted successfully.")).toBeInTheDocument();
    expect(query(api.callsTo('DELETE /api/v1/buckets/docs/objects')[0]!).get('path')).toBe('dir/a.txt');
  });

  it('a download over 104857600 bytes says it may take a while', async () => {
    const api = mockFolder(() => ({
      objects: [file('small.bin', 104_857_600), file('big.bin', 104_857_601)],
    }));
    api.set('POST /api/v1/buckets/docs/objects/download-url', { body: { mode: 'proxy' } });
    const saved = captureSavedUrls();
    const { user } = renderApp('/buckets/docs/browse');
    await table();
    await user.click(await screen.findByRole('button', { name: 'Download small.bin' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(
      screen.queryByText('Download process started, it may take a few moments to complete'),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download big.bin' }));
    expect(
      await screen.findByText('Download process started, it may take a few moments to complete'),
    ).toBeInTheDocument();
  });

  it('the new path modal opens a folder below this one and refuses a blank path', async () => {
    mockFolder(() => ({ objects: [] }));
    const { user } = renderApp('/buckets/docs/browse/a/');
    await user.click(await screen.findByRole('button', { name: 'Create new path' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose or create a new path' });
    const go = within(dialog).getByRole('button', { name: 'Go' });
    await user.type(within(dialog).getByRole('textbox', { name: 'New Folder Path' }), '  ');
    expect(go).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'New Folder Path' }), 'x/y');
    await user.click(go);
    const crumbs = await screen.findByRole('navigation', { name: 'Path' });
    await waitFor(() =>
      expect(within(crumbs).getByRole('link', { name: 'y' })).toHaveAttribute(
        'href',
        '/buckets/docs/browse/a/x/y/',
      ),
    );
  });

  it('rewind lists the past with a Deleted column and locks changes', async () => {
    const api = mockFolder(() => ({ objects: [file('a.txt')] }));
    api.set('GET /api/v1/buckets/docs/rewind/2026-01-01T00%3A00%3A00.000Z', {
      body: { objects: [{ ...file('gone.txt'), delete_flag: true }, file('a.txt')] },
    });
    setRewind({ bucket: 'docs', date: '2026-01-01T00:00:00.000Z' });
    renderApp('/buckets/docs/browse');
    const t = await screen.findByRole('table', { name: /^Objects in/ });
    await waitFor(() =>
      expect(
        within(t)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toContain('Deleted'),
    );
    const cells = within(t)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells.map((c) => [c[0], c[3]])).toEqual([
      ['gone.txt', 'Yes'],
      ['a.txt', 'No'],
    ]);
    for (const name of ['Upload', 'Refresh', 'Create new path', 'Delete Selected'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Delete gone.txt' })).toBeDisabled();
  });

  it('rewind is reset when another bucket is opened', async () => {
    mockFolder(() => ({ objects: [file('a.txt')] }));
    setRewind({ bucket: 'other', date: '2026-01-01T00:00:00.000Z' });
    renderApp('/buckets/docs/browse');
    const t = await table();
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).not.toContain('Deleted');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });
});
