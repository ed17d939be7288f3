import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, permissionsReply } from '../../../test/fetchMock.js';
import { bucket, session } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/renderApp.js';

function mockWizard(state: { originBucket: string; destinationBucket: string; errorString: string }[]) {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'GET /api/v1/buckets': {
      body: { buckets: [bucket('photos'), bucket('docs'), bucket('logs')], total: 3 },
    },
    'POST /api/v1/has-permission': permissionsReply(),
    'POST /api/v1/list-external-buckets': { body: { buckets: [{ name: 'remote-a' }], total: 1 } },
    'POST /api/v1/buckets-replication': { body: { replicationState: state } },
  });
}

async function throughStepOne(user: ReturnType<typeof renderApp>['user']) {
  const setReplication = await screen.findByRole('button', { name: 'Set Replication' });
  expect(setReplication).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Bulk Select' }));
  await user.click(await screen.findByRole('checkbox', { name: 'Select photos' }));
  await user.click(screen.getByRole('checkbox', { name: 'Select docs' }));
  expect(setReplication).toBeEnabled();
  await user.click(setReplication);
  const dialog = await screen.findByRole('dialog', { name: 'Set Multiple Bucket Replication' });
  expect(within(dialog).getByText(/Avoid the remote server's root credentials/)).toBeInTheDocument();
  const next = within(dialog).getByRole('button', { name: 'Next' });
  expect(next).toBeDisabled();
  await user.type(within(dialog).getByRole('textbox', { name: /Target URL/ }), 'backup.example:9000');
  await user.type(within(dialog).getByRole('textbox', { name: /Access Key/ }), 'replicator');
  await user.type(within(dialog).getByLabelText(/Secret Key/), 'replicator-secret');
  await user.click(next);
  return dialog;
}

describe('Set Multiple Bucket Replication', () => {
  it('checks the remote, assigns a bucket per bucket, keeps the failures with their message', async () => {
    const api = mockWizard([
      { originBucket: 'photos', destinationBucket: 'remote-a', errorString: '' },
      { originBucket: 'docs', destinationBucket: 'remote-b', errorString: 'bucket remote-b not found' },
    ]);
    const { user } = renderApp('/buckets');
    const dialog = await throughStepOne(user);
    await waitFor(() => expect(api.callsTo('POST /api/v1/list-external-buckets')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/list-external-buckets')[0]!.body).toEqual({
      accessKey: 'replicator',
      secretKey: 'replicator-secret',
      targetURL: 'https://backup.example:9000',
      useTLS: true,
    });
    const table = await within(dialog).findByRole('table', { name: 'Buckets Assignation' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.type(
      within(table).getByRole('combobox', { name: 'Destination bucket for photos' }),
      'remote-a',
    );
    expect(save).toBeDisabled();
    await user.type(within(table).getByRole('combobox', { name: 'Destination bucket for docs' }), 'remote-b');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/buckets-replication')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/buckets-replication')[0]!.body).toMatchObject({
      bucketsRelation: [
        { originBucket: 'photos', destinationBucket: 'remote-a' },
        { originBucket: 'docs', destinationBucket: 'remote-b' },
      ],
      syncMode: 'async',
    });
    expect(await within(dialog).findByLabelText('Replication of photos set')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Replication of docs failed: bucket remote-b not found' }),
    ).toBeInTheDocument();
    // The succeeded row goes after 500 ms; the failed one stays, and so does the dialog.
    await waitFor(() => expect(within(table).queryByText('photos')).not.toBeInTheDocument());
    expect(within(table).getByText('docs')).toBeInTheDocument();
  });

  it('closes and clears the selection when every bucket succeeded', async () => {
    mockWizard([
      { originBucket: 'photos', destinationBucket: 'remote-a', errorString: '' },
      { originBucket: 'docs', destinationBucket: 'remote-a', errorString: '' },
    ]);
    const { user } = renderApp('/buckets');
    const dialog = await throughStepOne(user);
    const table = await within(dialog).findByRole('table', { name: 'Buckets Assignation' });
    await user.type(
      within(table).getByRole('combobox', { name: 'Destination bucket for photos' }),
      'remote-a',
    );
    await user.type(within(table).getByRole('combobox', { name: 'Destination bucket for docs' }), 'remote-a');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Set Multiple Bucket Replication' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Set Replication' })).toBeDisabled();
  });
});
