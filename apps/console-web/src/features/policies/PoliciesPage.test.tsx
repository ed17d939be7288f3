import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const document = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    { Effect: 'Allow', Action: ['s3:GetObject', 's3:ListBucket'], Resource: 'arn:aws:s3:::photos/*' },
    { Effect: 'Deny', NotAction: 's3:GetObject', Resource: ['arn:aws:s3:::*'] },
  ],
});

function mockPolicies() {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'GET /api/v1/policies': {
      body: {
        policies: [
          { name: 'readwrite', policy: '{}' },
          { name: 'photos-read', policy: document },
          { name: 'consoleAdmin', policy: '{}' },
        ],
        total: 3,
      },
    },
    'POST /api/v1/policies': (call) => ({ status: 201, body: call.body }),
    'DELETE /api/v1/policy': { status: 204 },
    'GET /api/v1/policy': { body: { name: 'photos-read', policy: document } },
    'GET /api/v1/policies/photos-read/users': { body: ['alice'] },
    'GET /api/v1/policies/photos-read/groups': { body: ['viewers'] },
  });
}

describe('IAM policies list', () => {
  it('lists names sorted, searches, links each to its detail and deletes after confirmation', async () => {
    const api = mockPolicies();
    const { user } = renderApp('/policies');
    const table = await screen.findByRole('table', { name: 'IAM Policies' });
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    expect(names).toEqual(['consoleAdmin', 'photos-read', 'readwrite']);
    expect(screen.getByRole('link', { name: 'View photos-read' })).toHaveAttribute(
      'href',
      '/policies/photos-read',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search Policies' }), 'PHOTO');
    expect(within(table).getAllByRole('row')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Delete photos-read' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Policy' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/policy')).toHaveLength(1));
    expect(new URL(api.callsTo('DELETE /api/v1/policy')[0]!.url, 'http://x').searchParams.get('name')).toBe(
      'photos-read',
    );
  });

  it('Create Policy needs a name and a document without lint errors, built visually, then opens it', async () => {
    const api = mockPolicies();
    const { user } = renderApp('/policies');
    await user.click(await screen.findByRole('button', { name: 'Create Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Policy' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    // The name follows AddPolicyRequest's pattern: a blank inside is refused before any call.
    await user.type(within(dialog).getByRole('textbox', { name: /Policy Name/ }), 'photos read');
    expect(within(dialog).getByText('Use only the characters allowed here')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: /Policy Name/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Policy Name/ }), 'photos-read');
    expect(within(dialog).queryByText('Use only the characters allowed here')).not.toBeInTheDocument();

    // The starting document has no statements: a lint error, and Save says why it waits.
    expect(within(dialog).getByText('The policy has no statements.')).toBeInTheDocument();
    await user.click(save);
    expect(await within(dialog).findByText('Fix the errors before saving.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/policies')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Add statement' }));
    const statement = within(dialog).getByRole('region', { name: 'Statement 1' });
    await user.type(within(statement).getByRole('combobox', { name: 'Actions' }), 's3:GetObject{enter}');
    await user.type(
      within(statement).getByRole('combobox', { name: 'Resources' }),
      'arn:aws:s3:::photos/*{enter}',
    );
    await waitFor(() => expect(within(dialog).getByText('No problems found.')).toBeInTheDocument());
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/policies')).toHaveLength(1));
    const sent = api.callsTo('POST /api/v1/policies')[0]!.body as { name: string; policy: string };
    expect(sent.name).toBe('photos-read');
    expect(JSON.parse(sent.policy)).toEqual({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::photos/*'] }],
    });
    expect(await screen.findByRole('heading', { name: 'photos-read', level: 1 })).toBeInTheDocument();
  });
});

describe('IAM policy detail', () => {
  it("summarises each statement's Effect, Actions and Resources", async () => {
    mockPolicies();
    renderApp('/policies/photos-read');
    const table = await screen.findByRole('table', { name: 'Summary' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Allow');
    expect(rows[0]).toHaveTextContent('s3:GetObjects3:ListBucket');
    expect(rows[0]).toHaveTextContent('arn:aws:s3:::photos/*');
    expect(rows[1]).toHaveTextContent('NOT s3:GetObject');
  });

  it('lists users (with a link) and groups holding the policy', async () => {
    mockPolicies();
    const { user } = renderApp('/policies/photos-read');
    await user.click(await screen.findByRole('tab', { name: 'Users' }));
    expect(await screen.findByRole('link', { name: 'View alice' })).toHaveAttribute('href', '/users/alice');
    await user.click(screen.getByRole('tab', { name: 'Groups' }));
    expect(await screen.findByRole('cell', { name: 'viewers' })).toBeInTheDocument();
  });

  it('saves an edited Raw Policy under the same name, refusing a document with lint errors', async () => {
    const api = mockPolicies();
    const { user } = renderApp('/policies/photos-read');
    await user.click(await screen.findByRole('tab', { name: 'JSON' }));
    // The studio opens on its Visual tab: the statements as the builder shows them.
    const first = await screen.findByRole('region', { name: 'Statement 1' });
    expect(within(first).getByText('s3:ListBucket')).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Remove statement 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove statement 1' }));
    expect(await screen.findByText('The policy has no statements.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fix the errors before saving.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/policies')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add statement' }));
    const statement = screen.getByRole('region', { name: 'Statement 1' });
    await user.type(within(statement).getByRole('combobox', { name: 'Actions' }), 's3:ListBucket{enter}');
    await user.type(
      within(statement).getByRole('combobox', { name: 'Resources' }),
      'arn:aws:s3:::photos{enter}',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/policies')).toHaveLength(1));
    const sent = api.callsTo('POST /api/v1/policies')[0]!.body as { name: string; policy: string };
    expect(sent.name).toBe('photos-read');
    expect(JSON.parse(sent.policy).Statement).toEqual([
      { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: ['arn:aws:s3:::photos'] },
    ]);
    expect(await screen.findByText('Policy successfully updated')).toBeInTheDocument();
  });
});
