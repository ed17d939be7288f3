import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { bucket, session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const statement = JSON.stringify(
  { Sid: 'NoDeletes', Effect: 'Deny', Action: 's3:DeleteObject', Resource: '*' },
  null,
  2,
);

function mockSimulator() {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'GET /api/v1/users': {
      body: {
        users: [{ accessKey: 'alice', status: 'enabled', memberOf: [], policy: ['p-all'], hasPolicy: true }],
        total: 1,
      },
    },
    'GET /api/v1/groups': { body: { groups: ['readers'], total: 1 } },
    'GET /api/v1/service-accounts': { body: ['backup-key'] },
    'GET /api/v1/buckets': { body: { buckets: [bucket('photos')], total: 1 } },
    'POST /api/v1/policies/simulate': {
      body: {
        allowed: false,
        decidedBy: {
          source: 'user',
          policy: 'p-deny',
          statement: 1,
          sid: 'NoDeletes',
          effect: 'Deny',
          document: statement,
        },
        evaluated: [
          { source: 'user', policy: 'p-all', outcome: 'allow' },
          { source: 'user', policy: 'p-deny', outcome: 'deny' },
        ],
      },
    },
    'GET /api/v1/policies/effective': {
      body: {
        rows: [
          { name: 'photos', access: { read: true, write: false, list: true, delete: false, admin: false } },
        ],
      },
    },
  });
}

describe('Policy simulator', () => {
  it('asks the server and shows the verdict with the deciding statement', async () => {
    const api = mockSimulator();
    const { user } = renderApp('/policies/simulator');
    expect(await screen.findByRole('heading', { name: 'Policy Simulator' })).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: /^Principal/ }), 'alice');
    await user.type(screen.getByRole('combobox', { name: /^Action/ }), 's3:DeleteObject');
    await user.click(screen.getByRole('combobox', { name: /^Bucket/ }));
    await user.click(await screen.findByRole('option', { name: 'photos' }));
    await user.type(screen.getByRole('textbox', { name: /^Object key/ }), 'a/b.txt');
    await user.type(screen.getByRole('textbox', { name: /^Condition values/ }), 'aws:SourceIp=10.0.0.1');
    await user.click(screen.getByRole('button', { name: 'Simulate' }));

    expect(await screen.findByTestId('simulation-verdict')).toHaveTextContent('Denied');
    await waitFor(() => expect(api.callsTo('POST /api/v1/policies/simulate')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/policies/simulate')[0]?.body).toEqual({
      principal: { kind: 'user', name: 'alice' },
      action: 's3:DeleteObject',
      bucket: 'photos',
      key: 'a/b.txt',
      conditions: { 'aws:SourceIp': ['10.0.0.1'] },
    });
    expect(
      screen.getByText('Decided by statement 1 (NoDeletes) of the user policy p-deny'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Deciding statement')).toHaveTextContent('"Sid": "NoDeletes"');
    const table = screen.getByRole('table', { name: 'Policies evaluated' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Denies')).toBeInTheDocument();
  });

  it('refuses to ask without the required fields or with a bad condition line; completes access keys', async () => {
    const api = mockSimulator();
    const { user } = renderApp('/policies/simulator');
    await user.click(await screen.findByRole('button', { name: 'Simulate' }));
    expect(screen.getAllByText('Required')).toHaveLength(3);
    // An access key is completed from the session's own keys.
    await user.click(screen.getByRole('radio', { name: 'Access key' }));
    await user.click(screen.getByRole('combobox', { name: /^Principal/ }));
    expect(await screen.findByRole('option', { name: 'backup-key' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Condition values/ }), 'not a condition');
    expect(screen.getByText('Line 1 is not key=value')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/policies/simulate')).toHaveLength(0);
  });

  it('shows effective permissions of a user per bucket', async () => {
    const api = mockSimulator();
    const { user } = renderApp('/policies/simulator');
    await user.click(await screen.findByRole('tab', { name: 'Effective permissions' }));
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'alice' }));
    const table = await screen.findByRole('table', { name: 'Effective permissions' });
    const cells = within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['photos', 'Yes', 'No', 'Yes', 'No', 'No']);
    expect(
      new URL(api.callsTo('GET /api/v1/policies/effective')[0]!.url, 'http://x').searchParams.get('user'),
    ).toBe('alice');
  });

  it('is in the sidebar next to Policies, which is not also marked current', async () => {
    mockSimulator();
    renderApp('/policies/simulator');
    const simulator = await screen.findByRole('link', { name: 'Policy Simulator' });
    expect(simulator).toHaveAttribute('href', '/policies/simulator');
    expect(simulator).toHaveAttribute('data-active');
    expect(screen.getByRole('link', { name: 'Policies' })).not.toHaveAttribute('data-active');
  });
});
