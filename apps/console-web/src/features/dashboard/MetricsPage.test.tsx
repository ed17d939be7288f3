import type { AdminInfoResponse, Widget } from '@stowage/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const widget = (id: number, title: string, type: Widget['type']): Widget => ({
  id,
  title,
  type,
  unit: 'count',
  series: [{ name: title, values: [[1000, 7]] }],
});

const info: AdminInfoResponse = {
  buckets: 1,
  objects: 2,
  usage: 3,
  servers: [],
  widgets: [{ ...widget(10, 'Number of Buckets', 'singleRep'), series: [] }],
  metricsSource: 'storage',
};

describe('/metrics', () => {
  it("shows the dashboard's widgets and time range without the sidebar, and leads back", async () => {
    const api = mockApi({
      'GET /api/v1/session': { body: session() },
      'GET /api/v1/admin/info': { body: info },
      'GET /api/v1/admin/info/widgets/10': { body: widget(10, 'Number of Buckets', 'singleRep') },
    });
    const { user } = renderApp('/metrics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Metrics' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Number of Buckets' })).toHaveTextContent('7');
    expect(screen.getByLabelText('Start Time')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sync' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/admin/info')).toHaveLength(1);
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('has no way back for a session without the dashboard', async () => {
    mockApi({
      'GET /api/v1/session': { body: session({ pages: ['/metrics'] }) },
      'GET /api/v1/admin/info': { body: info },
      'GET /api/v1/admin/info/widgets/10': { body: widget(10, 'Number of Buckets', 'singleRep') },
    });
    renderApp('/metrics');
    expect(await screen.findByRole('region', { name: 'Number of Buckets' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
