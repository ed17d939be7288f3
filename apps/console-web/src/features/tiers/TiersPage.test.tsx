import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const TIERS = {
  items: [
    {
      type: 's3',
      s3: {
        name: 'COLD',
        endpoint: 'https://s3.amazonaws.com',
        bucket: 'archive',
        prefix: 'cold/',
        region: 'us-east-1',
        accesskey: 'AKIA',
      },
      usage: { objects: 1234, versions: 1300, size: 1536 },
    },
    {
      type: 'gcs',
      gcs: { name: 'GLACIAL', endpoint: 'https://storage.googleapis.com', bucket: 'deep', region: 'eu' },
    },
  ],
};

function mockTiers(distributedMode = true) {
  return mockApi({
    'GET /api/v1/session': { body: session({ distributedMode }) },
    'GET /api/v1/admin/tiers': { body: TIERS },
    'POST /api/v1/admin/tiers': { status: 201 },
    'PUT /api/v1/admin/tiers/s3/COLD/credentials': { status: 204 },
    'PUT /api/v1/admin/tiers/gcs/GLACIAL/credentials': { status: 204 },
  });
}

const tierTable = () => screen.findByRole('table', { name: 'Tiers' });

describe('settings, tiers', () => {
  it('lists tiers with the spec columns, filters them, and refreshes', async () => {
    const api = mockTiers();
    const { user } = renderApp('/settings/tiers');
    const table = await tierTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 6)).toEqual(['Tier Name', 'Type', 'Endpoint', 'Bucket', 'Prefix', 'Region']);
    const cold = within(
      within(table).getByRole('cell', { name: 'COLD' }).closest('[role="row"]') as HTMLElement,
    );
    for (const value of ['S3', 'https://s3.amazonaws.com', 'archive', 'cold/', 'us-east-1'])
      expect(cold.getByRole('cell', { name: value })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'GCS' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Filter Tiers' }), 'deep');
    expect(within(table).queryByRole('cell', { name: 'COLD' })).not.toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'GLACIAL' })).toBeInTheDocument();

    const before = api.callsTo('GET /api/v1/admin/tiers').length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.callsTo('GET /api/v1/admin/tiers').length).toBe(before + 1));
  });

  it('shows the usage the server reports, and blanks where it reports none', async () => {
    mockTiers();
    renderApp('/settings/tiers');
    const table = await tierTable();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(6, 9)).toEqual(['Objects', 'Versions', 'Usage']);
    const cells = (name: string) =>
      within(within(table).getByRole('cell', { name }).closest('[role="row"]') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(6, 9);
    expect(cells('COLD')).toEqual(['1,234', '1,300', '1.5 KiB']);
    expect(cells('GLACIAL')).toEqual(['', '', '']);
  });

  it('offers Tiers only in a distributed setup', async () => {
    mockTiers(false);
    renderApp('/settings/tiers');
    const menu = await screen.findByRole('navigation', { name: 'Settings' });
    expect(await screen.findByRole('list', { name: 'Configurations' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Tiers' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Lambda Notifications' })).toBeInTheDocument();
  });

  it('presets the endpoint and title per provider, with both back links', async () => {
    mockTiers();
    const { user } = renderApp('/settings/tiers');
    await user.click(await screen.findByRole('link', { name: 'Add Tier' }));
    const choices = await screen.findByRole('list', { name: 'Tier types' });
    expect(
      within(choices)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['MinIOMinIO', 'GCSGoogle Cloud Storage', 'S3Amazon S3', 'AzureMicrosoft Azure']);
    expect(screen.getByRole('link', { name: 'Back To Tiers' })).toHaveAttribute('href', '/settings/tiers');

    const presets = [
      ['MinIO', 'MinIO', ''],
      ['GCS', 'Google Cloud Storage', 'https://storage.googleapis.com'],
      ['S3', 'Amazon S3', 'https://s3.amazonaws.com'],
      ['Azure', 'Microsoft Azure', 'https://blob.core.windows.net'],
    ] as const;
    for (const [type, title, endpoint] of presets) {
      await user.click(
        within(await screen.findByRole('list', { name: 'Tier types' })).getByRole('link', {
          name: new RegExp(`^${type}`),
        }),
      );
      expect(await screen.findByRole('heading', { name: 'Add Tier Configuration' })).toBeInTheDocument();
      expect(screen.getByText(title)).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /^Endpoint/ })).toHaveValue(endpoint);
      await user.click(screen.getByRole('link', { name: 'Back To Tier Type Selection' }));
    }
  });

  it('takes the form rules from the contract and sends the MinIO choice as s3', async () => {
    const api = mockTiers();
    const { user } = renderApp('/settings/tiers/add/minio');
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('textbox', { name: /Storage Class/ })).not.toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'warm tier');
    expect(name).toHaveValue('WARM TIER'); // upper-cased as typed
    expect(
      screen.getByText(
        'Please verify that string is uppercase only and contains valid characters (numbers, dashes & underscores).',
      ),
    ).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'warm-1');
    await user.type(screen.getByRole('textbox', { name: /^Endpoint/ }), 'http://127.0.0.1:9100');
    await user.type(screen.getByRole('textbox', { name: /^Access Key/ }), 'remote');
    await user.type(screen.getByLabelText(/^Secret Key/), 'remote-secret');
    await user.type(screen.getByRole('textbox', { name: /^Bucket/ }), 'ab');
    expect(screen.getByText('Use at least 3 characters')).toBeInTheDocument(); // contract minLength 3
    await user.type(screen.getByRole('textbox', { name: /^Bucket/ }), 'c');
    await user.type(screen.getByRole('textbox', { name: /^Prefix/ }), 'tiered/');
    expect(save).toBeDisabled(); // spec 002 §5: region must be filled too
    await user.type(screen.getByRole('textbox', { name: /^Region/ }), 'us-east-1');
    expect(save).toBeEnabled();
    await user.click(save);

    await waitFor(() => expect(api.callsTo('POST /api/v1/admin/tiers')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/admin/tiers')[0]!.body).toEqual({
      type: 's3',
      s3: {
        name: 'WARM-1',
        endpoint: 'http://127.0.0.1:9100',
        accesskey: 'remote',
        secretkey: 'remote-secret',
        bucket: 'abc',
        prefix: 'tiered/',
        region: 'us-east-1',
      },
    });
    expect(await tierTable()).toBeInTheDocument(); // back to the list
  });

  it("shows the server's error and stays on the form", async () => {
    const api = mockTiers();
    api.set('POST /api/v1/admin/tiers', {
      status: 409,
      body: { message: 'the tier already exists', detailedMessage: 'tier name COLD is in use' },
    });
    const { user } = renderApp('/settings/tiers/add/azure');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'COLD');
    await user.type(screen.getByRole('textbox', { name: /^Account Name/ }), 'acct');
    await user.type(screen.getByLabelText(/^Account Key/), 'key');
    for (const [field, value] of [
      ['Bucket', 'box'],
      ['Prefix', 'p/'],
      ['Region', 'westeurope'],
    ] as const)
      await user.type(screen.getByRole('textbox', { name: new RegExp(`^${field}`) }), value);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The tier already exists')).toBeInTheDocument();
    expect(screen.getByText('Tier name COLD is in use')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/admin/tiers')[0]!.body).toMatchObject({
      type: 'azure',
      azure: {
        name: 'COLD',
        endpoint: 'https://blob.core.windows.net',
        accountname: 'acct',
        accountkey: 'key',
      },
    });
    expect(screen.getByRole('heading', { name: 'Add Tier Configuration' })).toBeInTheDocument();
  });

  it('reads the GCS key file into the body as text', async () => {
    const api = mockTiers();
    const { user } = renderApp('/settings/tiers/add/gcs');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'GCOLD');
    for (const [field, value] of [
      ['Bucket', 'gbox'],
      ['Prefix', 'p/'],
      ['Region', 'us'],
    ] as const)
      await user.type(screen.getByRole('textbox', { name: new RegExp(`^${field}`) }), value);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled(); // the key file is required
    const key = '{"type":"service_account","project_id":"p"}';
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([key], 'key.json', { type: 'application/json' }),
    );
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/admin/tiers')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/admin/tiers')[0]!.body).toEqual({
      type: 'gcs',
      gcs: {
        name: 'GCOLD',
        endpoint: 'https://storage.googleapis.com',
        creds: key,
        bucket: 'gbox',
        prefix: 'p/',
        region: 'us',
      },
    });
  });

  it('updates credentials: a key pair for S3, a key file for GCS', async () => {
    const api = mockTiers();
    const { user } = renderApp('/settings/tiers');
    await tierTable();
    await user.click(screen.getByRole('button', { name: 'Update credentials of COLD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Credentials' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /^Access Key/ }), 'new-access');
    await user.type(within(dialog).getByLabelText(/^Secret Key/), 'new-secret');
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT /api/v1/admin/tiers/s3/COLD/credentials')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/admin/tiers/s3/COLD/credentials')[0]!.body).toEqual({
      access_key: 'new-access',
      secret_key: 'new-secret',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Update credentials of GLACIAL' }));
    const gcs = await screen.findByRole('dialog', { name: 'Update Credentials' });
    expect(within(gcs).queryByRole('textbox', { name: /Access Key/ })).not.toBeInTheDocument();
    const key = '{"type":"service_account"}';
    await user.upload(
      gcs.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([key], 'k.json', { type: 'application/json' }),
    );
    await waitFor(() => expect(within(gcs).getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(within(gcs).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/v1/admin/tiers/gcs/GLACIAL/credentials')).toHaveLength(1),
    );
    expect(api.callsTo('PUT /api/v1/admin/tiers/gcs/GLACIAL/credentials')[0]!.body).toEqual({ creds: key });
  });

  it('says so when a tier comes without a name, and keeps Save off (spec 002 §8)', async () => {
    const api = mockTiers();
    api.set('GET /api/v1/admin/tiers', {
      body: { items: [{ type: 'azure', azure: { name: '', bucket: 'b' } }] },
    });
    const { user } = renderApp('/settings/tiers');
    await tierTable();
    await user.click(screen.getByRole('button', { name: 'Update credentials of' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Credentials' });
    expect(within(dialog).getByText('There was an error retrieving tier information.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Account Name/ }), 'acct');
    await user.type(within(dialog).getByLabelText(/^Account Key/), 'key');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows a failed list as the server's error with Retry, not as an empty list", async () => {
    const api = mockTiers();
    api.set('GET /api/v1/admin/tiers', {
      status: 500,
      body: { message: 'tiers are unavailable', detailedMessage: 'the storage server did not answer' },
    });
    renderApp('/settings/tiers');
    expect(await screen.findByText('Tiers are unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByText('There are no tiers yet')).not.toBeInTheDocument();
  });
});
