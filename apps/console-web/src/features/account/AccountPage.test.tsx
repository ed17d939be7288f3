import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { ALL_CONSOLE_PAGES, session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { credentialsJson } from '../service-accounts/credentialsFile.js';

function mockAccount(pages = ALL_CONSOLE_PAGES) {
  let sessionCalls = 0;
  return mockApi({
    'GET /api/v1/session': () => {
      sessionCalls += 1;
      return { body: session({ pages, csrfToken: `csrf-${sessionCalls}` }) };
    },
    'GET /api/v1/service-accounts': { body: ['key-one', 'key-two'] },
    'POST /api/v1/service-accounts': {
      status: 201,
      body: { accessKey: 'GENERATED', secretKey: 's3cr3t-once' },
    },
    'DELETE /api/v1/service-accounts/key-two': { status: 204 },
    'POST /api/v1/account/change-password': { status: 204 },
  });
}

afterEach(() => vi.restoreAllMocks());

/** jsdom's Blob has no text(); FileReader reads it. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(blob);
  });

describe('service accounts (/account)', () => {
  it('lists, searches and deletes own service accounts', async () => {
    const api = mockAccount();
    const { user: u } = renderApp('/account');
    expect(await screen.findByRole('cell', { name: 'key-one' })).toBeInTheDocument();
    await u.type(screen.getByRole('searchbox', { name: 'Search Service Accounts' }), 'two');
    expect(screen.queryByRole('cell', { name: 'key-one' })).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Delete key-two' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Service Account' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/service-accounts/key-two')).toHaveLength(1));
  });

  it('refuses a policy that is not a JSON object, then creates and offers credentials.json once', async () => {
    const api = mockAccount();
    const createObjectURL = vi.fn((_: Blob) => 'blob:credentials');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user: u } = renderApp('/account');
    await u.click(await screen.findByRole('button', { name: 'Create service account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Service Account' });
    const policy = within(dialog).getByLabelText(/^Policy/);
    await u.type(policy, '[[1]]');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The policy must be a JSON object.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/service-accounts')).toHaveLength(0);

    await u.clear(policy);
    await u.click(policy);
    await u.paste('{"Version":"2012-10-17","Statement":[]}');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    const created = await screen.findByRole('dialog', { name: 'New Service Account Created' });
    expect(api.callsTo('POST /api/v1/service-accounts')[0]!.body).toEqual({
      policy: '{"Version":"2012-10-17","Statement":[]}',
    });
    expect(within(created).getByLabelText('Access Key')).toHaveTextContent('GENERATED');
    expect(within(created).getByLabelText('Secret Key')).toHaveTextContent('s3cr3t-once');

    await u.click(within(created).getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledOnce();
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('credentials.json');
    const blob = createObjectURL.mock.calls[0]![0];
    expect(JSON.parse(await readBlob(blob))).toEqual({
      accessKey: 'GENERATED',
      secretKey: 's3cr3t-once',
      api: 's3v4',
      path: 'auto',
    });

    await u.click(within(created).getByRole('button', { name: 'Done' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New Service Account Created' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('s3cr3t-once')).not.toBeInTheDocument();
  });

  it('offers Change Password only when the session may use it', async () => {
    mockAccount(ALL_CONSOLE_PAGES.filter((p) => p !== '/account/change-password'));
    renderApp('/account');
    expect(await screen.findByRole('cell', { name: 'key-one' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it('Change Password needs all three fields, matching new passwords of 8+, then renews the session', async () => {
    const api = mockAccount();
    const { user: u } = renderApp('/account');
    await u.click(await screen.findByRole('button', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await u.type(within(dialog).getByLabelText('New Password'), 'brand-new-pw');
    await u.type(within(dialog).getByLabelText('Type New Password Again'), 'brand-new-pw');
    expect(save).toBeDisabled(); // current password missing
    await u.type(within(dialog).getByLabelText('Current Password'), 'old-password');
    expect(save).toBeEnabled();
    await u.type(within(dialog).getByLabelText('Type New Password Again'), 'X');
    expect(within(dialog).getByText("New passwords don't match")).toBeInTheDocument();
    expect(save).toBeDisabled();
    await u.clear(within(dialog).getByLabelText('New Password'));
    await u.clear(within(dialog).getByLabelText('Type New Password Again'));
    await u.type(within(dialog).getByLabelText('New Password'), 'short');
    await u.type(within(dialog).getByLabelText('Type New Password Again'), 'short');
    expect(within(dialog).getByText('Passwords must be at least 8 characters long')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await u.type(within(dialog).getByLabelText('New Password'), '-now-long');
    await u.type(within(dialog).getByLabelText('Type New Password Again'), '-now-long');

    const sessionsBefore = api.callsTo('GET /api/v1/session').length;
    await u.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/account/change-password')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/account/change-password')[0]!.body).toEqual({
      current_secret_key: 'old-password',
      new_secret_key: 'short-now-long',
    });
    // The server replaced the session: its new CSRF token is read again.
    await waitFor(() => expect(api.callsTo('GET /api/v1/session').length).toBe(sessionsBefore + 1));
    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
  });
});

describe('credentials.json', () => {
  it('carries the server address only when known', () => {
    const keys = { accessKey: 'A', secretKey: 'B' };
    expect(JSON.parse(credentialsJson(keys))).toEqual({ ...keys, api: 's3v4', path: 'auto' });
    expect(JSON.parse(credentialsJson(keys, 'https://s3.example')).url).toBe('https://s3.example');
  });
});
