import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, permissionsReply, type RecordedCall } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const query = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams;

const photo = {
  name: 'pics/cat.png',
  size: 5000,
  last_modified: '2026-01-02T03:04:05Z',
  etag: 'abc',
  version_id: 'v2',
  content_type: 'image/png',
  legal_hold_status: 'OFF',
  tags: { team: 'ops' },
  user_metadata: { 'X-Amz-Meta-Owner': 'kim' },
};

function mockObject(object: Record<string, unknown> = photo) {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'POST /api/v1/has-permission': permissionsReply(),
    'GET /api/v1/buckets/docs/versioning': { body: { is_versioned: true, status: 'Enabled' } },
    'GET /api/v1/buckets/docs/objects': (call) =>
      query(call).get('with_versions')
        ? {
            body: {
              objects: [
                { ...object, version_id: 'v3', is_delete_marker: true, size: 0 },
                object,
                { ...object, version_id: 'v1' },
              ],
            },
          }
        : { body: { objects: [object] } },
    'PUT /api/v1/buckets/docs/objects/tags': { status: 204 },
    'PUT /api/v1/buckets/docs/objects/retention': { status: 204 },
    'PUT /api/v1/buckets/docs/objects/legalhold': { status: 204 },
    'DELETE /api/v1/buckets/docs/objects': { status: 204 },
    'POST /api/v1/buckets/docs/objects/share': (call) => ({
      body: `http://127.0.0.1:9000/docs/pics/cat.png?X-Amz-Expires=${query(call).get('expires')}`,
    }),
  });
}

describe('object detail', () => {
  it('a path naming one object shows its details, tags and metadata', async () => {
    const api = mockObject();
    renderApp('/buckets/docs/browse/pics/cat.png');
    expect(await screen.findByRole('heading', { name: 'cat.png' })).toBeInTheDocument();
    const metadata = screen.getByRole('table', { name: 'Object Metadata' });
    expect(within(metadata).getByText('X-Amz-Meta-Owner')).toBeInTheDocument();
    expect(within(metadata).getByText('kim')).toBeInTheDocument();
    expect(screen.getByText('team:ops')).toBeInTheDocument();
    expect(query(api.callsTo('GET /api/v1/buckets/docs/objects')[0]!).get('with_metadata')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Versions' })).toBeEnabled();
    expect(screen.getByRole('tab', { name: 'Preview' })).toBeEnabled();
  });

  it('shows the replication status of a replicated version, and no row for one never replicated', async () => {
    mockObject({ ...photo, replication_status: 'FAILED' });
    const view = renderApp('/buckets/docs/browse/pics/cat.png');
    const metadata = await screen.findByRole('table', { name: 'Object Metadata' });
    const row = within(metadata).getByText('Replication Status').closest('tr') as HTMLElement;
    expect(within(row).getByRole('cell')).toHaveTextContent('Failed');
    view.unmount();

    mockObject();
    renderApp('/buckets/docs/browse/pics/cat.png');
    const plain = await screen.findByRole('table', { name: 'Object Metadata' });
    expect(within(plain).queryByText('Replication Status')).not.toBeInTheDocument();
  });

  it('Versions needs a version id other than null; Preview needs a previewable type', async () => {
    mockObject({ ...photo, name: 'pics/data.bin', version_id: 'null' });
    renderApp('/buckets/docs/browse/pics/data.bin');
    await screen.findByRole('heading', { name: 'data.bin' });
    expect(screen.getByRole('tab', { name: 'Versions' })).toBeDisabled();
    expect(screen.getByRole('tab', { name: 'Preview' })).toBeDisabled();
  });

  it('a path that is not an object opens as a folder', async () => {
    mockApi({
      'GET /api/v1/session': { body: session() },
      'POST /api/v1/has-permission': permissionsReply(),
      'GET /api/v1/buckets/docs/objects': (call) =>
        query(call).get('prefix') === 'pics'
          ? { body: { objects: [{ name: 'pics/', size: 0 }] } }
          : { body: { objects: [] } },
    });
    renderApp('/buckets/docs/browse/pics');
    expect(
      await screen.findByText('This location is empty, please try uploading a new file'),
    ).toBeInTheDocument();
  });

  it('Add tag needs a key and a label, and keeps the other tags', async () => {
    const api = mockObject();
    const { user } = renderApp('/buckets/docs/browse/pics/cat.png');
    await user.click(await screen.findByRole('button', { name: 'Add tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Tag' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Tag Key' }), 'env');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Tag Label' }), 'prod');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT /api/v1/buckets/docs/objects/tags')).toHaveLength(1));
    const call = api.callsTo('PUT /api/v1/buckets/docs/objects/tags')[0]!;
    expect(call.body).toEqual({ tags: { team: 'ops', env: 'prod' } });
    expect(query(call).get('version_id')).toBe('v2');
  });

  it('deleting a tag asks first and sends the rest', async () => {
    const api = mockObject();
    const { user } = renderApp('/buckets/docs/browse/pics/cat.png');
    await user.click(await screen.findByRole('button', { name: 'Delete tag team:ops' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Tag' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(api.callsTo('PUT /api/v1/buckets/docs/objects/tags')[0]?.body).toEqual({ tags: {} }),
    );
  });

  it('retention: Save waits for a type and a real date', async () => {
    const api = mockObject();
    const { user } = renderApp('/buckets/docs/browse/pics/cat.png');
    await user.click(await screen.findByRole('button', { name: 'Edit Retention' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Retention Policy' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(within(dialog).getByRole('switch', { name: 'Status' }));
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Governance' }));
    expect(save).toBeDisabled();
    const year = String(new Date().getFullYear() + 1);
    for (const [label, value] of [
      ['Month', '2'],
      ['Day', '30'],
      ['Year', year],
    ] as const) {
      await user.click(within(dialog).getAllByLabelText(label)[0]!);
      await user.click(await screen.findByRole('option', { name: value }));
    }
    expect(save).toBeDisabled(); // 30 February is not a date
    await user.click(within(dialog).getAllByLabelText('Day')[0]!);
    await user.click(await screen.findByRole('option', { name: '28' }));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT /api/v1/buckets/docs/objects/retention')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/buckets/docs/objects/retention')[0]?.body).toEqual({
      mode: 'governance',
      expires: `${year}-02-28T23:59:59.000Z`,
      governance_bypass: true,
    });
  });

  it('legal hold is a switch', async () => {
    const api = mockObject();
    const { user } = renderApp('/buckets/docs/browse/pics/cat.png');
    await user.click(await screen.findByRole('button', { name: 'Edit Legal Hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Legal Hold' });
    await user.click(within(dialog).getByRole('switch', { name: 'Legal Hold' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/v1/buckets/docs/objects/legalhold')[0]?.body).toEqual({
        status: 'enabled',
      }),
    );
  });

  it('share: 7 days by default; a specific date must be ahead and within 7 days', async () => {
    const api = mockObject();
    const { user } = renderApp('/buckets/docs/browse/pics/cat.png');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share File' });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Share URL' })).toHaveValue(
        'http://127.0.0.1:9000/docs/pics/cat.png?X-Amz-Expires=604800000ms',
      ),
    );
    // A link is a credential: asked for once with the CSRF token, never again on window focus.
    const shares = () => api.callsTo('POST /api/v1/buckets/docs/objects/share');
    expect(shares()[0]?.headers['x-csrf-token']).toBeTruthy();
    const asked = shares().length;
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    // A negative check, not a wait: no new request follows the focus within a moment.
    await new Promise((r) => setTimeout(r, 50));
    expect(shares().length).toBe(asked);
    await user.click(within(dialog).getByText('Specific Date'));
    const year = String(new Date().getFullYear() + 2);
    await user.click(within(dialog).getAllByLabelText('Year')[0]!);
    await user.click(await screen.findByRole('option', { name: year }));
    expect(
      await within(dialog).findByText('You can share a file only for less than 7 days.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeDisabled();
    const lastYear = new Date();
    lastYear.setDate(lastYear.getDate() - 1);
    await user.click(within(dialog).getAllByLabelText('Year')[0]!);
    await user.click(await screen.findByRole('option', { name: String(new Date().getFullYear()) }));
    await user.click(within(dialog).getAllByLabelText('Month')[0]!);
    await user.click(await screen.findByRole('option', { name: String(lastYear.getMonth() + 1) }));
    await user.click(within(dialog).getAllByLabelText('Day')[0]!);
    await user.click(await screen.findByRole('option', { name: String(lastYear.getDate()) }));
    if (lastYear.getFullYear() === new Date().getFullYear()) {
      expect(
        await within(dialog).findByText('Selected date must be greater than current time.'),
      ).toBeInTheDocument();
    }
    // Refused dates never reach the server; every link asked for lasts at most 7 days.
    const lifetimes = api
      .callsTo('POST /api/v1/buckets/docs/objects/share')
      .map((c) => Number.parseInt(query(c).get('expires') ?? '', 10));
    expect(lifetimes[0]).toBe(604_800_000);
    expect(lifetimes.every((ms) => ms > 0 && ms <= 604_800_000)).toBe(true);
  });

  it('share: an optional download limit, and the link is said to be recorded', async () => {
    const api = mockObject();
    const { user } = renderApp('/buckets/docs/browse/pics/cat.png');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share File' });
    expect(
      await within(dialog).findByText('This link is recorded under Share links, where it can be revoked.'),
    ).toBeInTheDocument();
    const limits = () =>
      api.callsTo('POST /api/v1/buckets/docs/objects/share').map((c) => query(c).get('download_limit'));
    await user.type(within(dialog).getByRole('textbox', { name: /Download limit/ }), '12');
    await waitFor(() => expect(limits()).toContain('12'), { timeout: 3000 });
    // Typed digit by digit, yet asked for once: "1" never became a link of its own.
    expect(limits()).toEqual([null, '12']);
  });

  it('versions: numbered from the oldest; a delete marker cannot be shared, downloaded or deleted', async () => {
    const api = mockObject();
    const { user } = renderApp('/buckets/docs/browse/pics/cat.png');
    await user.click(await screen.findByRole('tab', { name: 'Versions' }));
    const table = await screen.findByRole('table', { name: 'Versions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        )
        .map((c) => [c[0], c[1], c[3]]),
    ).toEqual([
      ['v3', 'v3', 'Yes'],
      ['v2', 'v2', 'No'],
      ['v1', 'v1', 'No'],
    ]);
    expect(within(table).getByRole('button', { name: 'Delete version v3' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Share v3' })).toBeDisabled();
    await user.click(within(table).getByRole('button', { name: 'Delete version v1' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/buckets/docs/objects')).toHaveLength(1));
    const call = api.callsTo('DELETE /api/v1/buckets/docs/objects')[0]!;
    expect([query(call).get('path'), query(call).get('version_id')]).toEqual(['pics/cat.png', 'v1']);
    expect(await screen.findByText("Object 'cat.png' deleted successfully.")).toBeInTheDocument();
  });

  it("deleting the null version names it: the key's delete would add a marker instead", async () => {
    const api = mockObject();
    api.set('GET /api/v1/buckets/docs/objects', (call) => ({
      body: {
        objects: query(call).get('with_versions') ? [photo, { ...photo, version_id: 'null' }] : [photo],
      },
    }));
    const { user } = renderApp('/buckets/docs/browse/pics/cat.png');
    await user.click(await screen.findByRole('tab', { name: 'Versions' }));
    const table = await screen.findByRole('table', { name: 'Versions' });
    await user.click(within(table).getByRole('button', { name: 'Delete version null' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/buckets/docs/objects')).toHaveLength(1));
    const call = api.callsTo('DELETE /api/v1/buckets/docs/objects')[0]!;
    expect([query(call).get('path'), query(call).get('version_id')]).toEqual(['pics/cat.png', 'null']);
  });

  it('preview shows images inline from the sandboxed preview download', async () => {
    mockObject();
    const { user } = renderApp('/buckets/docs/browse/pics/cat.png');
    await user.click(await screen.findByRole('tab', { name: 'Preview' }));
    const img = await screen.findByRole('img', { name: 'cat.png' });
    expect(img.getAttribute('src')).toBe(
      '/api/v1/buckets/docs/objects/download?prefix=pics%2Fcat.png&version_id=v2&preview=true',
    );
  });
});
