import { ADMIN_ACTIONS, type User } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, permissionsReply } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const alice: User = {
  accessKey: 'alice',
  status: 'enabled',
  memberOf: ['devs'],
  policy: ['readwrite'],
  hasPolicy: true,
};

function mockUser(user: User = alice, allowed: string[] = [...ADMIN_ACTIONS]) {
  return mockApi({
    'GET /api/v1/session': { body: session({ accessKey: 'admin' }) },
    'GET /api/v1/user': { body: user },
    'PUT /api/v1/user': (call) => ({ body: { ...user, ...(call.body as object) } }),
    'DELETE /api/v1/user': { status: 204 },
    'GET /api/v1/users': { body: { users: [user], total: 1 } },
    'GET /api/v1/groups': { body: { groups: ['devs', 'ops'], total: 2 } },
    'GET /api/v1/policies': {
      body: {
        policies: [
          { name: 'readonly', policy: '{}' },
          { name: 'readwrite', policy: '{}' },
        ],
        total: 2,
      },
    },
    'PUT /api/v1/set-policy': { status: 204 },
    'POST /api/v1/has-permission': permissionsReply((id) => allowed.includes(id)),
    'POST /api/v1/account/change-user-password': { status: 204 },
    [`GET /api/v1/user/${user.accessKey}/service-accounts`]: { body: ['svc-one'] },
    [`POST /api/v1/user/${user.accessKey}/service-account-credentials`]: (call) => ({
      status: 201,
      body: { accessKey: (call.body as { accessKey: string }).accessKey, secretKey: 'chosen-secret' },
    }),
  });
}

const queryName = (url: string) => new URL(url, 'http://x').searchParams.get('name');

describe('user detail', () => {
  it('shows the breadcrumb and status, and Disable applies at once keeping the groups', async () => {
    const api = mockUser();
    const { user: u } = renderApp('/users/alice');
    expect(await screen.findByRole('heading', { name: 'alice', level: 1 })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(screen.getByText('Enabled')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/user')).toHaveLength(1));
    const call = api.callsTo('PUT /api/v1/user')[0]!;
    expect(queryName(call.url)).toBe('alice');
    expect(call.body).toEqual({ status: 'disabled', groups: ['devs'] });
  });

  it('Edit User switches the status and keeps or changes the groups in one update', async () => {
    const api = mockUser();
    const { user: u } = renderApp('/users/alice');
    await u.click(await screen.findByRole('button', { name: 'Edit alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(dialog).getByRole('textbox', { name: 'Access Key' })).toHaveValue('alice');
    const status = within(dialog).getByRole('switch', { name: 'Status Enabled' });
    expect(status).toBeChecked();
    await u.click(status);
    expect(within(dialog).getByRole('switch', { name: 'Status Disabled' })).not.toBeChecked();
    await u.click(await within(dialog).findByRole('checkbox', { name: 'ops' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/user')).toHaveLength(1));
    const call = api.callsTo('PUT /api/v1/user')[0]!;
    expect(queryName(call.url)).toBe('alice');
    expect(call.body).toEqual({ status: 'disabled', groups: ['devs', 'ops'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('disables Edit User for a session without admin:EnableUser, saying why', async () => {
    mockUser(alice, []);
    renderApp('/users/alice');
    await screen.findByRole('heading', { name: 'alice', level: 1 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit alice' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Edit alice' })).toHaveAccessibleDescription(
      'You need the admin:EnableUser permission',
    );
  });

  it("cannot delete the session's own user; deleting another goes back to Users", async () => {
    mockUser({ ...alice, accessKey: 'admin' });
    const first = renderApp('/users/admin');
    expect(await screen.findByRole('button', { name: 'Delete admin' })).toBeDisabled();
    first.unmount();

    const api = mockUser();
    const { user: u } = renderApp('/users/alice');
    await u.click(await screen.findByRole('button', { name: 'Delete alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/user')).toHaveLength(1));
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
  });

  it('Change User Password needs an 8-character password repeated exactly', async () => {
    const api = mockUser();
    const { user: u } = renderApp('/users/alice');
    await u.click(await screen.findByRole('button', { name: 'Change password of alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change User Password' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await u.type(within(dialog).getByLabelText('New Password'), 'short');
    expect(within(dialog).getByText('Passwords must be at least 8 characters long')).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText('New Password'), '-but-long');
    expect(save).toBeDisabled(); // the repeat is still empty
    await u.type(within(dialog).getByLabelText('Type New Password Again'), 'short-but-lonG');
    expect(within(dialog).getByText("New passwords don't match")).toBeInTheDocument();
    expect(save).toBeDisabled();
    await u.clear(within(dialog).getByLabelText('Type New Password Again'));
    await u.type(within(dialog).getByLabelText('Type New Password Again'), 'short-but-long');
    await u.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/account/change-user-password')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/account/change-user-password')[0]!.body).toEqual({
      selectedUser: 'alice',
      newSecretKey: 'short-but-long',
    });
    expect(await screen.findByText('The password of alice was changed.')).toBeInTheDocument();
  });

  it('Add to Groups replaces the memberships and keeps the status', async () => {
    const api = mockUser();
    const { user: u } = renderApp('/users/alice');
    expect(await screen.findByRole('cell', { name: 'devs' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Add to Groups' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Groups' });
    expect(await within(dialog).findByRole('checkbox', { name: 'devs' })).toBeChecked();
    await u.click(within(dialog).getByRole('checkbox', { name: 'ops' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/user')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/user')[0]!.body).toEqual({ status: 'enabled', groups: ['devs', 'ops'] });
  });

  it('Policies tab links each policy and Assign Policies sets the ticked list', async () => {
    const api = mockUser();
    const { user: u } = renderApp('/users/alice');
    await u.click(await screen.findByRole('tab', { name: 'Policies' }));
    expect(await screen.findByRole('link', { name: 'View policy readwrite' })).toHaveAttribute(
      'href',
      '/policies/readwrite',
    );
    await u.click(screen.getByRole('button', { name: 'Assign Policies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Policies for alice' });
    await u.click(await within(dialog).findByRole('checkbox', { name: 'readonly' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/set-policy')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/set-policy')[0]!.body).toEqual({
      name: ['readwrite', 'readonly'],
      entityName: 'alice',
      entityType: 'user',
    });
  });

  it('Service Accounts tab: create is disabled without a policy', async () => {
    mockUser({ ...alice, policy: [], hasPolicy: false });
    const { user: u } = renderApp('/users/alice');
    await u.click(await screen.findByRole('tab', { name: 'Service Accounts' }));
    expect(await screen.findByRole('cell', { name: 'svc-one' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create service account' })).toBeDisabled();
  });

  it('Service Accounts tab: creates one with chosen keys for the user', async () => {
    const api = mockUser();
    const { user: u } = renderApp('/users/alice');
    await u.click(await screen.findByRole('tab', { name: 'Service Accounts' }));
    await u.click(await screen.findByRole('button', { name: 'Create service account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Service Account' });
    await u.click(within(dialog).getByRole('switch', { name: 'Choose the access key and secret key' }));
    await u.type(within(dialog).getByLabelText('Access Key'), 'ci-bot');
    await u.type(within(dialog).getByLabelText('Secret Key'), 'chosen-secret');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    const created = await screen.findByRole('dialog', { name: 'New Service Account Created' });
    expect(api.callsTo('POST /api/v1/user/alice/service-account-credentials')[0]!.body).toEqual({
      accessKey: 'ci-bot',
      secretKey: 'chosen-secret',
    });
    expect(within(created).getByLabelText('Secret Key')).toHaveTextContent('chosen-secret');
  });
});
