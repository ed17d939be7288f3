import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetchMock.js';
import { ALL_CONSOLE_PAGES, bucket, session } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/renderApp.js';

function mockBucket({ distributed = true, pages = ALL_CONSOLE_PAGES } = {}) {
  return mockApi({
    'GET /api/v1/session': { body: session({ distributedMode: distributed, pages }) },
    'GET /api/v1/buckets': { body: { buckets: [], total: 0 } },
    'GET /api/v1/buckets/photos': {
      body: { ...bucket('photos', { size: 3 * 1024 ** 2 }), access: 'PUBLIC', definition: '{}' },
    },
    'GET /api/v1/buckets/photos/encryption/info': {
      status: 404,
      body: { message: 'not found', detailedMessage: '' },
    },
    'GET /api/v1/buckets/photos/object-locking': { body: { object_locking_enabled: true } },
    'GET /api/v1/buckets/photos/replication': { body: { rules: [] } },
    'GET /api/v1/buckets/photos/versioning': { body: { is_versioned: true, status: 'Enabled' } },
    'PUT /api/v1/buckets/photos/versioning': { status: 204 },
    'GET /api/v1/buckets/photos/quota': { body: { quota: 5 * 1024 ** 4, type: 'hard' } },
    'PUT /api/v1/buckets/photos/quota': { body: { quota: 5 * 1024 ** 4, type: 'hard' } },
    'GET /api/v1/buckets/photos/retention': { body: { mode: 'governance', unit: 'days', validity: 7 } },
    'PUT /api/v1/buckets/photos/retention': { status: 204 },
    'DELETE /api/v1/buckets/photos': { status: 204 },
    'PUT /api/v1/buckets/photos/set-policy': {
      body: { ...bucket('photos'), access: 'CUSTOM', definition: '{}' },
    },
    'GET /api/v1/bucket-policy/photos': {
      body: { policies: [{ name: 'photos-read', policy: '{}' }], total: 1 },
    },
    'GET /api/v1/bucket-users/photos': { body: ['alice'] },
    'GET /api/v1/bucket/photos/access-rules': {
      body: { accessRules: [{ prefix: 'public/', access: 'readonly' }] },
    },
    'PUT /api/v1/bucket/photos/access-rules': { status: 204 },
    'DELETE /api/v1/bucket/photos/access-rules': { status: 204 },
  });
}

const setting = (name: string) => screen.findByRole('region', { name });

describe('bucket detail', () => {
  it('shows the header, the menu, and every Summary setting', async () => {
    mockBucket();
    renderApp('/buckets/photos/admin');
    expect(await screen.findByRole('heading', { name: 'photos', level: 1 })).toBeInTheDocument();
    expect(await screen.findByLabelText('Access level')).toHaveTextContent('Public');
    const menu = screen.getByRole('navigation', { name: 'Bucket' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Summary', 'Events', 'Replication', 'Lifecycle', 'Access Audit', 'Access Rules']);
    expect(screen.getByRole('link', { name: 'Browse Bucket' })).toHaveAttribute(
      'href',
      '/buckets/photos/browse',
    );
    await waitFor(async () => expect(await setting('Encryption')).toHaveTextContent('Disabled'));
    expect(await setting('Object Locking')).toHaveTextContent('Enabled');
    expect(await setting('Reported Usage')).toHaveTextContent('3.0 MiB');
    await waitFor(async () => expect(await setting('Versioning')).toHaveTextContent('Enabled'));
    await waitFor(async () => expect(await setting('Quota')).toHaveTextContent('5 TiB (Hard)'));
    await waitFor(async () => expect(await setting('Retention')).toHaveTextContent('Governance, 7 Days'));
  });

  it('sends an unknown section to the Summary', async () => {
    mockBucket();
    renderApp('/buckets/photos/admin/no/such/section');
    expect(await setting('Encryption')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Summary' })).toHaveAttribute('aria-current', 'page');
  });

  it('hides replication, lifecycle, versioning and quota outside distributed mode', async () => {
    mockBucket({ distributed: false });
    renderApp('/buckets/photos/admin/summary');
    const menu = await screen.findByRole('navigation', { name: 'Bucket' });
    expect(within(menu).queryByRole('link', { name: 'Replication' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Lifecycle' })).not.toBeInTheDocument();
    await setting('Encryption');
    expect(screen.queryByRole('region', { name: 'Versioning' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Quota' })).not.toBeInTheDocument();
  });

  it('Edit Versioning warns before turning versioning off', async () => {
    const api = mockBucket();
    const { user } = renderApp('/buckets/photos/admin/summary');
    await waitFor(async () => expect(await setting('Versioning')).toHaveTextContent('Enabled'));
    await user.click(screen.getByRole('button', { name: 'Edit Versioning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Versioning' });
    await user.click(within(dialog).getByRole('switch', { name: 'Versioning' }));
    expect(within(dialog).getByText(/does not delete existing versions/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/buckets/photos/versioning')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/buckets/photos/versioning')[0]!.body).toEqual({ versioning: false });
  });

  it('Change Access Policy: Custom edits the bucket policy in the studio, Save waits for lint errors', async () => {
    const api = mockBucket();
    const { user } = renderApp('/buckets/photos/admin/summary');
    await user.click(await screen.findByRole('button', { name: 'Edit Access Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Access Policy' });
    await user.click(within(dialog).getAllByLabelText('Access Policy')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Custom' }));
    // The bucket's policy is "{}": no Version, no statements.
    expect(within(dialog).getByText('The policy has no statements.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Fix the errors before saving.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/buckets/photos/set-policy')).toHaveLength(0);

    await user.click(within(dialog).getAllByLabelText('Start from a template')[0]!);
    await user.click(await screen.findByRole('option', { name: 'Read-only bucket' }));
    await user.click(within(dialog).getByRole('button', { name: 'Use template' }));
    expect(within(dialog).getByText('No problems found.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/buckets/photos/set-policy')).toHaveLength(1));
    const body = api.callsTo('PUT /api/v1/buckets/photos/set-policy')[0]!.body as {
      access: string;
      definition: string;
    };
    expect(body.access).toBe('CUSTOM');
    expect(JSON.parse(body.definition).Statement[1]).toEqual({
      Sid: 'ReadOnlyObjects',
      Effect: 'Allow',
      Principal: { AWS: ['*'] },
      Action: ['s3:GetObject'],
      Resource: ['arn:aws:s3:::photos/*'],
    });
  });

  it('Enable Bucket Encryption opens a KMS bucket as KMS and never rewrites it unchanged', async () => {
    const api = mockBucket();
    api.set('GET /api/v1/buckets/photos/encryption/info', {
      body: { algorithm: 'aws:kms', kmsMasterKeyID: 'photos-key' },
    });
    api.set('POST /api/v1/buckets/photos/encryption/enable', { status: 204 });
    const { user } = renderApp('/buckets/photos/admin/summary');
    await waitFor(async () => expect(await setting('Encryption')).toHaveTextContent('sse-kms (photos-key)'));

    const open = async () => {
      await user.click(screen.getByRole('button', { name: 'Edit Encryption' }));
      return screen.findByRole('dialog', { name: 'Enable Bucket Encryption' });
    };
    let dialog = await open();
    expect(within(dialog).getAllByLabelText('Encryption Type')[0]!).toHaveValue('SSE-KMS');
    expect(within(dialog).getByRole('textbox', { name: /KMS Key ID/ })).toHaveValue('photos-key');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/v1/buckets/photos/encryption/enable')).toHaveLength(0);
    expect(api.callsTo('POST /api/v1/buckets/photos/encryption/disable')).toHaveLength(0);

    dialog = await open();
    const key = within(dialog).getByRole('textbox', { name: /KMS Key ID/ });
    await user.clear(key);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(key, 'other-key');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/buckets/photos/encryption/enable')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/buckets/photos/encryption/enable')[0]!.body).toEqual({
      encType: 'sse-kms',
      kmsKeyID: 'other-key',
    });
  });

  it('Enable Bucket Encryption sets SSE-KMS with a key on an unencrypted bucket', async () => {
    const api = mockBucket();
    api.set('POST /api/v1/buckets/photos/encryption/enable', { status: 204 });
    const { user } = renderApp('/buckets/photos/admin/summary');
    await waitFor(async () => expect(await setting('Encryption')).toHaveTextContent('Disabled'));
    await user.click(screen.getByRole('button', { name: 'Edit Encryption' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable Bucket Encryption' });
    await user.click(within(dialog).getAllByLabelText('Encryption Type')[0]!);
    await user.click(await screen.findByRole('option', { name: 'SSE-KMS' }));
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /KMS Key ID/ }), ' photos-key ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/buckets/photos/encryption/enable')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/buckets/photos/encryption/enable')[0]!.body).toEqual({
      encType: 'sse-kms',
      kmsKeyID: 'photos-key',
    });
  });

  it('Enable Bucket Quota opens on the current quota and sends bytes', async () => {
    const api = mockBucket();
    const { user } = renderApp('/buckets/photos/admin/summary');
    await waitFor(async () => expect(await setting('Quota')).toHaveTextContent('5 TiB'));
    await user.click(screen.getByRole('button', { name: 'Edit Quota' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable Bucket Quota' });
    const size = within(dialog).getByRole('textbox', { name: 'Quota' });
    expect(size).toHaveValue('5');
    await user.clear(size);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(size, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/buckets/photos/quota')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/buckets/photos/quota')[0]!.body).toEqual({
      enabled: true,
      quota_type: 'hard',
      amount: 2 * 1024 ** 4,
    });
  });

  it('Set Retention Configuration needs a validity of at least 1', async () => {
    const api = mockBucket();
    const { user } = renderApp('/buckets/photos/admin/summary');
    await waitFor(async () => expect(await setting('Retention')).toHaveTextContent('Governance'));
    await user.click(within(await setting('Retention')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Retention Configuration' });
    const validity = within(dialog).getByRole('textbox', { name: 'Validity' });
    await user.clear(validity);
    await user.type(validity, '0');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(validity);
    await user.type(validity, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/buckets/photos/retention')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/buckets/photos/retention')[0]!.body).toEqual({
      mode: 'governance',
      unit: 'days',
      validity: 30,
    });
  });

  it('deletes the bucket after confirmation and goes back to the list', async () => {
    const api = mockBucket();
    const { user } = renderApp('/buckets/photos/admin/summary');
    await user.click(await screen.findByRole('button', { name: 'Delete bucket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bucket' });
    expect(dialog).toHaveTextContent('Only an empty bucket can be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/buckets/photos')).toHaveLength(1));
    expect(api.callsTo('DELETE /api/v1/buckets/photos')[0]!.body).toEqual({ name: 'photos' });
    expect(await screen.findByRole('heading', { name: 'Buckets', level: 1 })).toBeInTheDocument();
  });

  it('Access Audit links policies, and lists users only with the /users page', async () => {
    mockBucket();
    const first = renderApp('/buckets/photos/admin/access');
    expect(await screen.findByRole('link', { name: 'View photos-read' })).toHaveAttribute(
      'href',
      '/policies/photos-read',
    );
    const { user } = first;
    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(await screen.findByRole('link', { name: 'View alice' })).toHaveAttribute('href', '/users/alice');
    first.unmount();

    mockBucket({ pages: ALL_CONSOLE_PAGES.filter((p) => p !== '/users') });
    renderApp('/buckets/photos/admin/access');
    await screen.findByRole('link', { name: 'View photos-read' });
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('Access Rules: add with readonly by default, edit the access, delete', async () => {
    const api = mockBucket();
    const { user } = renderApp('/buckets/photos/admin/prefix');
    expect(await screen.findByRole('cell', { name: 'public/' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Access Rule' }));
    const add = await screen.findByRole('dialog', { name: 'Add Access Rule' });
    expect(within(add).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(add).getByRole('textbox', { name: /Prefix/ }), 'uploads/');
    await user.click(within(add).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/bucket/photos/access-rules')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/bucket/photos/access-rules')[0]!.body).toEqual({
      prefix: 'uploads/',
      access: 'readonly',
    });

    await user.click(screen.getByRole('button', { name: 'Delete access rule public/' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Access Rule' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/bucket/photos/access-rules')).toHaveLength(1));
    expect(api.callsTo('DELETE /api/v1/bucket/photos/access-rules')[0]!.body).toEqual({ prefix: 'public/' });
  });
});
