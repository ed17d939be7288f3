import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, permissionsReply } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

function mockCreate({ can = true, distributed = true } = {}) {
  return mockApi({
    'GET /api/v1/session': { body: session({ distributedMode: distributed }) },
    'GET /api/v1/buckets': { body: { buckets: [], total: 0 } },
    'POST /api/v1/has-permission': permissionsReply(() => can),
    'POST /api/v1/buckets': { status: 201 },
  });
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Create Bucket' }));
  return screen.findByRole('dialog', { name: 'Create Bucket' });
}

describe('Create Bucket', () => {
  it('disables the button without s3:CreateBucket, naming the action', async () => {
    const api = mockCreate({ can: false });
    renderApp('/buckets');
    await screen.findByRole('heading', { name: 'Buckets', level: 1 });
    await waitFor(() => expect(api.callsTo('POST /api/v1/has-permission')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/has-permission')[0]!.body).toMatchObject({
      actions: expect.arrayContaining([{ id: 's3:CreateBucket', action: 's3:CreateBucket' }]),
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Bucket' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Create Bucket' })).toHaveAccessibleDescription(
      'You need the s3:CreateBucket permission',
    );
  });

  it('stores the name after 1 s, then sends versioning, locking, quota and retention', async () => {
    const api = mockCreate();
    const { user } = renderApp('/buckets');
    const dialog = await openDialog(user);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.type(within(dialog).getByRole('textbox', { name: /Bucket Name/ }), 'photos');
    expect(save).toBeDisabled(); // the name is stored 1000 ms after the last keystroke
    await waitFor(() => expect(save).toBeEnabled(), { timeout: 2500 });

    const retention = within(dialog).getByRole('switch', { name: /^Retention/ });
    expect(retention).toBeDisabled(); // needs versioning
    await user.click(within(dialog).getByRole('switch', { name: 'Versioning' }));
    await user.click(retention);
    expect(within(dialog).getByRole('switch', { name: 'Object Locking' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Object Locking' })).toBeDisabled();

    await user.click(within(dialog).getByRole('switch', { name: 'Quota' }));
    const size = within(dialog).getByRole('textbox', { name: 'Quota' });
    await user.clear(size);
    expect(save).toBeDisabled(); // an empty quota size
    await user.type(size, '5');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Validity' }));
    expect(save).toBeDisabled(); // validity under 1
    await user.type(within(dialog).getByRole('textbox', { name: 'Validity' }), '30');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/buckets')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/buckets')[0]!.body).toEqual({
      name: 'photos',
      versioning: true,
      locking: true,
      quota: { enabled: true, quota_type: 'hard', amount: 5 * 1024 ** 4 },
      retention: { mode: 'compliance', unit: 'days', validity: 30 },
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create Bucket' })).not.toBeInTheDocument(),
    );
  });

  it('in non-erasure-coded mode says so and turns the distributed features off', async () => {
    const api = mockCreate({ distributed: false });
    const { user } = renderApp('/buckets');
    const dialog = await openDialog(user);
    expect(
      within(dialog).getByText(
        'Some these features are disabled as server is running in non-erasure coded mode.',
      ),
    ).toBeInTheDocument();
    for (const name of [/^Versioning/, /^Object Locking/, /^Quota/, /^Retention/])
      expect(within(dialog).getByRole('switch', { name })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Bucket Name/ }), 'plain');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled(), { timeout: 2500 });
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/buckets')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/buckets')[0]!.body).toEqual({ name: 'plain' });
  });

  it('Clear empties the form', async () => {
    mockCreate();
    const { user } = renderApp('/buckets');
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Bucket Name/ }), 'photos');
    await user.click(within(dialog).getByRole('switch', { name: 'Versioning' }));
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(within(dialog).getByRole('textbox', { name: /Bucket Name/ })).toHaveValue('');
    expect(within(dialog).getByRole('switch', { name: 'Versioning' })).not.toBeChecked();
  });
});
