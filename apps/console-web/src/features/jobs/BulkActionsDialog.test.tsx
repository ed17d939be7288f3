import { routes } from '@stowage/contract/route-index';
import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answer, mockApi } from '../../test/fetchMock.js';
import { renderWithProviders } from '../../test/renderWithProviders.js';
import { BulkActionsDialog } from './BulkActionsDialog.js';

const dryRun = { count: 3, bytes: 3072, sample: ['logs/a', 'logs/b', 'logs/c'], complete: true };
const created = {
  id: 'j1',
  kind: 'delete' as const,
  bucket: 'photos',
  prefix: 'logs/',
  options: {},
  state: 'running' as const,
  owner: 'admin',
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
  done: { count: 0, bytes: 0 },
  failed: { count: 0, bytes: 0 },
  errors: [],
  undo: { available: false, reason: 'the job has not ended' },
};

function open(picked?: string[]) {
  return renderWithProviders(
    <MemoryRouter>
      <BulkActionsDialog bucket="photos" prefix="logs/" picked={picked} opened onClose={() => {}} />
    </MemoryRouter>,
  );
}

describe('bulk actions dialog', () => {
  it('shows the dry run, asks to retype the prefix for a delete, then starts it', async () => {
    const api = mockApi({
      ...Object.fromEntries([answer(routes.dryRunJob, dryRun)]),
      'POST /api/v1/jobs': { status: 201, body: created },
    });
    open();
    const user = (await import('@testing-library/user-event')).default.setup();
    const start = screen.getByRole('button', { name: 'Start job' });
    expect(start).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('3 objects, 3.0 KiB')).toBeInTheDocument();
    expect(screen.getByText(/logs\/a/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/jobs/dry-run')[0]!.body).toEqual({
      kind: 'delete',
      bucket: 'photos',
      prefix: 'logs/',
    });
    expect(start).toBeDisabled();
    const confirm = screen.getByRole('textbox', { name: 'Type logs/ to confirm' });
    await user.type(confirm, 'logs');
    expect(screen.getByText('Does not match logs/')).toBeInTheDocument();
    expect(start).toBeDisabled();
    await user.type(confirm, '/');
    expect(start).toBeEnabled();
    await user.click(start);
    await waitFor(() => expect(api.callsTo('POST /api/v1/jobs')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/jobs')[0]!.body).toEqual({
      kind: 'delete',
      bucket: 'photos',
      prefix: 'logs/',
      confirm: 'logs/',
    });
  });

  it('a tag job needs no retyping; a change of options asks for a new dry run', async () => {
    const api = mockApi({
      ...Object.fromEntries([answer(routes.dryRunJob, dryRun)]),
      'POST /api/v1/jobs': { status: 201, body: created },
    });
    open();
    const user = (await import('@testing-library/user-event')).default.setup();
    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Set tags' }));
    const tags = screen.getByRole('textbox', { name: /Tags/ });
    await user.type(tags, 'team');
    expect(screen.getByText('Each line is key=value')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dry run' })).toBeDisabled();
    await user.type(tags, '=blue');
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByText('3 objects, 3.0 KiB');
    expect(screen.queryByRole('textbox', { name: /to confirm/ })).not.toBeInTheDocument();
    await user.type(tags, '2');
    expect(screen.queryByText('3 objects, 3.0 KiB')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start job' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    await screen.findByText('3 objects, 3.0 KiB');
    await user.click(screen.getByRole('button', { name: 'Start job' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/jobs')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/jobs')[0]!.body).toEqual({
      kind: 'set-tags',
      bucket: 'photos',
      prefix: 'logs/',
      options: { tags: { team: 'blue2' } },
    });
  });

  it('acts on the rows picked in the listing when there are any', async () => {
    const api = mockApi(Object.fromEntries([answer(routes.dryRunJob, { ...dryRun, count: 2 })]));
    open(['logs/a', 'logs/old/']);
    expect(
      screen.getByText('Acts on the 2 selected items in photos/logs/ (a folder: every object under it).'),
    ).toBeInTheDocument();
    const user = (await import('@testing-library/user-event')).default.setup();
    await user.click(screen.getByRole('button', { name: 'Dry run' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/jobs/dry-run')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/jobs/dry-run')[0]!.body).toEqual({
      kind: 'delete',
      bucket: 'photos',
      prefix: 'logs/',
      keys: ['logs/a', 'logs/old/'],
    });
  });
});
