import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, permissionsReply } from '../../../test/fetchMock.js';
import { bucket, session } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/renderApp.js';

const rule = (id: string, priority: number, tags = '') => ({
  id,
  priority,
  destination: { bucket: `arn:aws:s3:::backup-${id}` },
  prefix: 'docs/',
  tags,
  status: 'Enabled',
  delete_marker_replication: true,
  deletes_replication: true,
  metadata_replication: true,
  storageClass: '',
});

const metrics = (completed: number) => ({
  targets: [
    {
      arn: 'arn:aws:s3:::backup-a',
      pendingCount: 2,
      pendingSize: 2048,
      failedCount: 1,
      failedSize: 4,
      completedCount: completed,
      completedSize: 1024 * 1024,
      bandwidthLimit: 0,
    },
  ],
  replicaCount: 3,
  replicaSize: 30,
});

function mockReplication(
  rules: unknown[],
  { can = true, state = [] as unknown[], stats = metrics(5) as unknown } = {},
) {
  return mockApi({
    'GET /api/v1/buckets/photos/replication/metrics': { body: stats },
    'GET /api/v1/session': { body: session() },
    'GET /api/v1/buckets/photos': { body: { ...bucket('photos'), access: 'PRIVATE', definition: '' } },
    'GET /api/v1/buckets/photos/replication': { body: { rules } },
    'POST /api/v1/has-permission': permissionsReply(() => can),
    'POST /api/v1/buckets-replication': { body: { replicationState: state } },
  });
}

describe('bucket replication', () => {
  it('lists rules by priority with the destination bucket, and keeps the last rule', async () => {
    const first = mockReplication([rule('b', 2, 'a=1'), rule('a', 1)]);
    const view = renderApp('/buckets/photos/admin/replication');
    const table = await screen.findByRole('table', { name: 'Replication' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'backup-a', 'docs/', 'No', 'Enabled'],
      ['2', 'backup-b', 'docs/', 'Yes', 'Enabled'],
    ]);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete replication rule a' })).toBeEnabled(),
    );
    expect(first.callsTo('POST /api/v1/has-permission').length).toBeGreaterThan(0);
    view.unmount();

    mockReplication([rule('a', 1)]);
    renderApp('/buckets/photos/admin/replication');
    await screen.findByRole('table', { name: 'Replication' });
    expect(screen.getByRole('button', { name: 'Delete replication rule a' })).toBeDisabled();
  });

  it('Set Bucket Replication sends the remote, the rule and bandwidth in bytes; shows the errorString', async () => {
    const api = mockReplication([], {
      state: [{ originBucket: 'photos', destinationBucket: 'copy', errorString: 'remote unreachable' }],
    });
    const { user } = renderApp('/buckets/photos/admin/replication');
    await user.click(await screen.findByRole('button', { name: 'Add Replication Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Bucket Replication' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Target URL/ }),
      'http://backup.example:9000',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Access Key/ }), 'replicator');
    await user.type(within(dialog).getByLabelText(/Secret Key/), 'replicator-secret');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Target Bucket/ }), 'copy');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/buckets-replication')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/buckets-replication')[0]!.body).toEqual({
      accessKey: 'replicator',
      secretKey: 'replicator-secret',
      targetURL: 'https://backup.example:9000',
      syncMode: 'async',
      bandwidth: 100 * 1024 ** 3,
      healthCheckPeriod: 60,
      bucketsRelation: [{ originBucket: 'photos', destinationBucket: 'copy' }],
      replicateDeleteMarkers: true,
      replicateDeletes: true,
      replicateMetadata: true,
    });
    expect(await within(dialog).findByText('remote unreachable')).toBeInTheDocument();
  });

  it('synchronous mode sends no bandwidth, and an empty answer says nothing changed', async () => {
    const api = mockReplication([], { state: [] });
    const { user } = renderApp('/buckets/photos/admin/replication');
    await user.click(await screen.findByRole('button', { name: 'Add Replication Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Bucket Replication' });
    await user.click(within(dialog).getByRole('radio', { name: 'Synchronous' }));
    expect(within(dialog).queryByRole('textbox', { name: /Bandwidth/ })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Target URL/ }), 'backup.example:9000');
    await user.click(within(dialog).getByRole('switch', { name: 'Use TLS' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Access Key/ }), 'replicator');
    await user.type(within(dialog).getByLabelText(/Secret Key/), 'replicator-secret');
    await user.type(within(dialog).getByRole('textbox', { name: /Target Bucket/ }), 'copy');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('No changes applied')).toBeInTheDocument();
    const body = api.callsTo('POST /api/v1/buckets-replication')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ syncMode: 'sync', bandwidth: 0, targetURL: 'http://backup.example:9000' });
  });

  it('disables the Replication entry without s3:GetReplicationConfiguration', async () => {
    mockReplication([], { can: false });
    renderApp('/buckets/photos/admin/summary');
    const menu = await screen.findByRole('navigation', { name: 'Bucket' });
    await waitFor(() =>
      expect(within(menu).getByText('Replication').closest('a')).toHaveAttribute('data-disabled', 'true'),
    );
  });

  it('shows per-target progress and replicas received; Refresh asks again', async () => {
    const api = mockReplication([rule('a', 1)]);
    const { user } = renderApp('/buckets/photos/admin/replication');
    const table = await screen.findByRole('table', { name: 'Replication Status' });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe('backup-a');
    expect(cells[1]).toMatch(/^2 objects \(2(\.0)? KiB\)$/);
    expect(cells[2]).toMatch(/^1 objects \(4 B\)$/);
    expect(cells[3]).toMatch(/^5 objects \(1(\.0)? MiB\)$/);
    expect(screen.getByText(/Replicas received from other servers: 3/)).toBeInTheDocument();
    const before = api.callsTo('GET /api/v1/buckets/photos/replication/metrics').length;
    await user.click(screen.getByRole('button', { name: 'Refresh Status' }));
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/buckets/photos/replication/metrics').length).toBe(before + 1),
    );
  });

  it('asks for no metrics without rules, and shows a metrics error with Retry', async () => {
    const none = mockReplication([]);
    const view = renderApp('/buckets/photos/admin/replication');
    await screen.findByRole('button', { name: 'Add Replication Rule' });
    await screen.findByText('There are no replication rules yet.');
    expect(none.callsTo('GET /api/v1/buckets/photos/replication/metrics')).toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'Replication Status' })).not.toBeInTheDocument();
    view.unmount();

    mockApi({
      'GET /api/v1/session': { body: session() },
      'GET /api/v1/buckets/photos': { body: { ...bucket('photos'), access: 'PRIVATE', definition: '' } },
      'GET /api/v1/buckets/photos/replication': { body: { rules: [rule('a', 1)] } },
      'GET /api/v1/buckets/photos/replication/metrics': {
        status: 500,
        body: { message: 'the storage server returned an error', detailedMessage: 'metrics unreadable' },
      },
      'POST /api/v1/has-permission': permissionsReply(() => true),
    });
    renderApp('/buckets/photos/admin/replication');
    expect(await screen.findByText(/storage server returned an error/i)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
