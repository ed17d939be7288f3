import { AddUserRequest, type User } from '@stowage/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { propertyRules } from '../../forms/schemaRules.js';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const user = (accessKey: string, overrides: Partial<User> = {}): User => ({
  accessKey,
  status: 'enabled',
  memberOf: [],
  policy: [],
  hasPolicy: false,
  ...overrides,
});

const users = [
  user('admin', { policy: ['consoleAdmin'], hasPolicy: true }),
  user('alice', { memberOf: ['devs'], policy: ['readwrite'], hasPolicy: true }),
  user('bob', { status: 'disabled' }),
];

function mockUsers() {
  return mockApi({
    'GET /api/v1/session': { body: session({ accessKey: 'admin' }) },
    'GET /api/v1/users': { body: { users, total: users.length } },
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
    'POST /api/v1/users': (call) => ({
      status: 201,
      body: user((call.body as { accessKey: string }).accessKey),
    }),
    'PUT /api/v1/users-groups-bulk': { status: 204 },
    'DELETE /api/v1/user': { status: 204 },
  });
}

const table = () => screen.findByRole('table', { name: 'Users' });
const row = async (name: string) =>
  within(await table())
    .getByRole('cell', { name })
    .closest('[role="row"]') as HTMLElement;

describe('users list', () => {
  it('lists users with status, groups and policies, and searches by access key', async () => {
    mockUsers();
    const { user: u } = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
    const alice = within(await row('alice'));
    expect(alice.getByText('Enabled')).toBeInTheDocument();
    expect(alice.getByRole('cell', { name: 'devs' })).toBeInTheDocument();
    expect(alice.getByRole('cell', { name: 'readwrite' })).toBeInTheDocument();
    expect(within(await row('bob')).getByText('Disabled')).toBeInTheDocument();

    await u.type(screen.getByRole('searchbox', { name: 'Search Users' }), 'AL');
    expect(within(await table()).getAllByRole('row')).toHaveLength(2); // header + alice
    await u.clear(screen.getByRole('searchbox', { name: 'Search Users' }));
    await u.type(screen.getByRole('searchbox', { name: 'Search Users' }), 'nobody');
    expect(await screen.findByText('No user matches the search.')).toBeInTheDocument();
  });

  it("offers view for every row and delete for every row but the session's own key", async () => {
    mockUsers();
    renderApp('/users');
    expect(await screen.findByRole('button', { name: 'Delete admin' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete alice' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'View alice' })).toHaveAttribute('href', '/users/alice');
  });

  it('deletes a user after confirmation', async () => {
    const api = mockUsers();
    const { user: u } = renderApp('/users');
    await u.click(await screen.findByRole('button', { name: 'Delete bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(within(dialog).getByText('Are you sure you want to delete user bob?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/user')).toHaveLength(1));
    const call = api.callsTo('DELETE /api/v1/user')[0]!;
    expect(new URL(call.url, 'http://x').searchParams.get('name')).toBe('bob');
    expect(call.headers['x-csrf-token']).toBe('csrf-123');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete User' })).not.toBeInTheDocument(),
    );
    // The list is fetched again after the change.
    expect(api.callsTo('GET /api/v1/users').length).toBeGreaterThan(1);
  });

  it('Add to Group is disabled until users are selected, and needs a group', async () => {
    const api = mockUsers();
    const { user: u } = renderApp('/users');
    const addToGroup = await screen.findByRole('button', { name: 'Add to Group' });
    expect(addToGroup).toBeDisabled();
    await u.click(await screen.findByRole('checkbox', { name: 'Select alice' }));
    await u.click(screen.getByRole('checkbox', { name: 'Select bob' }));
    expect(addToGroup).toBeEnabled();

    await u.click(addToGroup);
    const dialog = await screen.findByRole('dialog', { name: 'Add Users to Group' });
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('You need to select at least one group to assign'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/users-groups-bulk')).toHaveLength(0);

    await u.click(await within(dialog).findByRole('checkbox', { name: 'ops' }));
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/users-groups-bulk')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/users-groups-bulk')[0]!.body).toEqual({
      users: ['alice', 'bob'],
      groups: ['ops'],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to Group' })).toBeDisabled());
  });

  it('Create User needs both keys and an 8-character secret, then sends groups and policies', async () => {
    const api = mockUsers();
    const { user: u } = renderApp('/users');
    await u.click(await screen.findByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await u.type(within(dialog).getByLabelText(/Access Key/), 'carol');
    expect(save).toBeDisabled();
    await u.type(within(dialog).getByLabelText(/Secret Key/), 'short');
    expect(within(dialog).getByText('Passwords must be at least 8 characters long')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await u.type(within(dialog).getByLabelText(/Secret Key/), '-enough');
    expect(
      within(dialog).queryByText('Passwords must be at least 8 characters long'),
    ).not.toBeInTheDocument();

    await u.click(await within(dialog).findByRole('checkbox', { name: 'devs' }));
    await u.click(await within(dialog).findByRole('checkbox', { name: 'readonly' }));
    await u.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/users')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/users')[0]!.body).toEqual({
      accessKey: 'carol',
      secretKey: 'short-enough',
      groups: ['devs'],
      policies: ['readonly'],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Create User' })).not.toBeInTheDocument(),
    );
  });

  it("Create User follows the contract's AddUserRequest rules, beyond the spec's minimum", async () => {
    mockUsers();
    const { user: u } = renderApp('/users');
    await u.click(await screen.findByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const minAccessKey = propertyRules(AddUserRequest, 'accessKey').minLength!;
    const maxSecretKey = propertyRules(AddUserRequest, 'secretKey').maxLength!;

    await u.type(within(dialog).getByLabelText(/Access Key/), 'x'.repeat(minAccessKey - 1));
    expect(within(dialog).getByText(`Use at least ${minAccessKey} characters`)).toBeInTheDocument();
    await u.type(within(dialog).getByLabelText(/Access Key/), 'x');
    expect(within(dialog).queryByText(/Use at least/)).not.toBeInTheDocument();

    const tooLong = 's'.repeat(maxSecretKey + 1);
    await u.click(within(dialog).getByLabelText(/Secret Key/));
    await u.paste(tooLong);
    expect(within(dialog).getByText(`Use at most ${maxSecretKey} characters`)).toBeInTheDocument();
    expect(save).toBeDisabled();
    await u.type(within(dialog).getByLabelText(/Secret Key/), '{Backspace}');
    expect(within(dialog).queryByText(/Use at most/)).not.toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('shows the server error in the dialog when creating fails', async () => {
    const api = mockUsers();
    api.set('POST /api/v1/users', {
      status: 409,
      body: { message: 'already exists', detailedMessage: 'user carol exists' },
    });
    const { user: u } = renderApp('/users');
    await u.click(await screen.findByRole('button', { name: 'Create User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create User' });
    await u.type(within(dialog).getByLabelText(/Access Key/), 'carol');
    await u.type(within(dialog).getByLabelText(/Secret Key/), 'long-enough');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Spec 000 §8: a modal shows the detailed message when it has 5 or more characters.
    expect(await within(dialog).findByText('User carol exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create User' })).toBeInTheDocument();
  });
});
