import { ADMIN_ACTIONS } from '@stowage/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, permissionsReply } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

describe("a user's effective permissions", () => {
  it('show on the user page, one row per bucket', async () => {
    const api = mockApi({
      'GET /api/v1/session': { body: session() },
      'GET /api/v1/user': {
        body: { accessKey: 'alice', status: 'enabled', memberOf: [], policy: ['readonly'], hasPolicy: true },
      },
      'POST /api/v1/has-permission': permissionsReply((id) =>
        (ADMIN_ACTIONS as readonly string[]).includes(id),
      ),
      'GET /api/v1/policies/effective': {
        body: {
          rows: [
            { name: 'logs', access: { read: true, write: false, list: true, delete: false, admin: false } },
            {
              name: 'photos',
              access: { read: false, write: false, list: false, delete: false, admin: false },
            },
          ],
        },
      },
    });
    const { user } = renderApp('/users/alice');
    await user.click(await screen.findByRole('tab', { name: 'Effective permissions' }));
    const table = await screen.findByRole('table', { name: 'Effective permissions' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['logs', 'Yes', 'No', 'Yes', 'No', 'No'],
      ['photos', 'No', 'No', 'No', 'No', 'No'],
    ]);
    const url = new URL(api.callsTo('GET /api/v1/policies/effective')[0]?.url ?? '', 'http://x');
    expect(url.searchParams.get('user')).toBe('alice');
  });
});
