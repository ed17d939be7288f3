import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { ALL_CONSOLE_PAGES, bucket, session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

function mockBucketAccess(pages: readonly string[]) {
  return mockApi({
    'GET /api/v1/session': { body: session({ pages: [...pages] }) },
    'GET /api/v1/buckets': { body: { buckets: [], total: 0 } },
    'GET /api/v1/buckets/photos': { body: { ...bucket('photos'), access: 'PRIVATE', definition: '{}' } },
    'GET /api/v1/bucket-policy/photos': { body: { policies: [], total: 0 } },
    'GET /api/v1/bucket-users/photos': { body: ['alice'] },
    'GET /api/v1/policies/effective': {
      body: {
        rows: [
          { name: 'alice', access: { read: true, write: true, list: true, delete: false, admin: false } },
        ],
      },
    },
  });
}

describe("a bucket's effective permissions", () => {
  it("show on the bucket's Access page, one row per user", async () => {
    const api = mockBucketAccess(ALL_CONSOLE_PAGES);
    const { user } = renderApp('/buckets/photos/admin/access');
    await user.click(await screen.findByRole('tab', { name: 'Effective permissions' }));
    const table = await screen.findByRole('table', { name: 'Effective permissions' });
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['alice', 'Yes', 'Yes', 'Yes', 'No', 'No']);
    const url = new URL(api.callsTo('GET /api/v1/policies/effective')[0]?.url ?? '', 'http://x');
    expect(url.searchParams.get('bucket')).toBe('photos');
  });

  it('are not offered to a session that may not open the simulator', async () => {
    mockBucketAccess(ALL_CONSOLE_PAGES.filter((p) => p !== '/policies/simulator'));
    renderApp('/buckets/photos/admin/access');
    await screen.findByRole('tab', { name: 'Users' });
    expect(screen.queryByRole('tab', { name: 'Effective permissions' })).not.toBeInTheDocument();
  });
});
