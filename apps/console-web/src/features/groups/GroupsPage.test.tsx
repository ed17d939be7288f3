import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { policyNames } from './GroupsPage.js';

const userRow = (accessKey: string) => ({
  accessKey,
  status: 'enabled',
  memberOf: [],
  policy: [],
  hasPolicy: false,
});

function mockGroups() {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'GET /api/v1/groups': { body: { groups: ['devs', 'ops'], total: 2 } },
    'GET /api/v1/group': (call) => {
      const name = new URL(call.url, 'http://x').searchParams.get('name');
      return {
        body: { name, members: ['alice'], status: 'enabled', policy: 'readonly, diagnostics' },
      };
    },
    'GET /api/v1/users': { body: { users: [userRow('alice'), userRow('bob')], total: 2 } },
    'GET /api/v1/policies': {
      body: {
        policies: ['diagnostics', 'readonly', 'readwrite'].map((name) => ({ name, policy: '{}' })),
        total: 3,
      },
    },
    'POST /api/v1/groups': { status: 201 },
    'PUT /api/v1/group': (call) => ({ body: { name: 'devs', policy: '', ...(call.body as object) } }),
    'DELETE /api/v1/group': { status: 204 },
    'PUT /api/v1/set-policy': { status: 204 },
  });
}

describe('groups', () => {
  it('policy names come from the comma-separated string', () => {
    expect(policyNames('readonly, diagnostics,')).toEqual(['readonly', 'diagnostics']);
    expect(policyNames('')).toEqual([]);
    expect(policyNames(undefined)).toEqual([]);
  });

  it('lists and searches groups', async () => {
    mockGroups();
    const { user } = renderApp('/groups');
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).getByRole('cell', { name: 'devs' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search Groups' }), 'op');
    expect(within(table).queryByRole('cell', { name: 'devs' })).not.toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'ops' })).toBeInTheDocument();
  });

  it('Create Group needs a non-blank name and sends the members picked', async () => {
    const api = mockGroups();
    const { user } = renderApp('/groups');
    await user.click(await screen.findByRole('button', { name: 'Create Group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Group' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Group Name/), '   ');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Group Name/), 'qa');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'bob' }));
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/groups')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/groups')[0]!.body).toEqual({ group: 'qa', members: ['bob'] });
  });

  it('Edit starts from the server members and status and saves the switch', async () => {
    const api = mockGroups();
    const { user } = renderApp('/groups');
    await user.click(await screen.findByRole('button', { name: 'Edit devs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Group devs' });
    expect(await within(dialog).findByRole('checkbox', { name: 'alice' })).toBeChecked();
    const enabled = within(dialog).getByRole('switch', { name: 'Enabled' });
    expect(enabled).toBeChecked();
    await user.click(enabled);
    await user.click(within(dialog).getByRole('checkbox', { name: 'bob' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/group')).toHaveLength(1));
    const call = api.callsTo('PUT /api/v1/group')[0]!;
    expect(new URL(call.url, 'http://x').searchParams.get('name')).toBe('devs');
    expect(call.body).toEqual({ members: ['alice', 'bob'], status: 'disabled' });
  });

  it("Set Policies ticks the group's policies and replaces them with the new list", async () => {
    const api = mockGroups();
    const { user } = renderApp('/groups');
    await user.click(await screen.findByRole('button', { name: 'Set policies of ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Policies for ops' });
    await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: 'readonly' })).toBeChecked());
    expect(within(dialog).getByRole('checkbox', { name: 'diagnostics' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'readonly' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'readwrite' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/set-policy')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/set-policy')[0]!.body).toEqual({
      name: ['diagnostics', 'readwrite'],
      entityName: 'ops',
      entityType: 'group',
    });
  });

  it('deletes a group after confirmation, and shows a failure in the dialog', async () => {
    const api = mockGroups();
    api.set('DELETE /api/v1/group', {
      status: 403,
      body: { message: 'access denied', detailedMessage: 'not allowed' },
    });
    const { user } = renderApp('/groups');
    await user.click(await screen.findByRole('button', { name: 'Delete ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Group' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Not allowed')).toBeInTheDocument();

    api.set('DELETE /api/v1/group', { status: 204 });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete Group' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('DELETE /api/v1/group')).toHaveLength(2);
  });
});
