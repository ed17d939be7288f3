import type { Job } from '@stowage/contract';
import { routes } from '@stowage/contract/route-index';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, mockApi, permissionsReply } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';

const job = (over: Partial<Job> = {}): Job => ({
  id: 'j1',
  kind: 'delete',
  bucket: 'photos',
  prefix: '2024/',
  options: {},
  state: 'completed',
  owner: 'admin',
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:01:00.000Z',
  done: { count: 1200, bytes: 2048 },
  failed: { count: 1, bytes: 10 },
  errors: [{ key: '2024/locked', message: 'Access Denied.' }],
  undo: { available: true },
  ...over,
});

function mockJobs(jobs: Job[]) {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'POST /api/v1/has-permission': permissionsReply(),
    'GET /api/v1/jobs': { body: { jobs } },
  });
}

describe('jobs screen', () => {
  it('lists each job with its selection, state and progress', async () => {
    mockJobs([job(), job({ id: 'j2', kind: 'move', state: 'running', prefix: '', picked: 3 })]);
    renderApp('/jobs');
    const table = await screen.findByRole('table', { name: 'Bulk jobs' });
    expect(within(table).getByText('photos/2024/')).toBeInTheDocument();
    expect(within(table).getByText('3 picked in photos (whole bucket)')).toBeInTheDocument();
    expect(within(table).getByText('Completed')).toBeInTheDocument();
    expect(within(table).getByText('Running')).toBeInTheDocument();
    expect(within(table).getAllByText('1,200 done (2.0 KiB), 1 failed')).toHaveLength(2);
    expect(within(table).getAllByText('2024/locked: Access Denied.')).toHaveLength(2);
  });

  it('pauses a running job and resumes a paused one', async () => {
    const api = mockJobs([job({ state: 'running' }), job({ id: 'j2', state: 'paused' })]);
    api.set(...answer(routes.pauseJob, job({ state: 'paused' }), { id: 'j1' }));
    api.set(...answer(routes.resumeJob, job({ id: 'j2', state: 'running' }), { id: 'j2' }));
    const { user } = renderApp('/jobs');
    await user.click(await screen.findByRole('button', { name: 'Pause job j1' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/jobs/j1/pause')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Resume job j2' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/jobs/j2/resume')).toHaveLength(1));
  });

  it('retries a failed job, and only a failed one', async () => {
    const api = mockJobs([
      job({ state: 'failed', error: 'The specified bucket does not exist' }),
      job({ id: 'j2', state: 'completed' }),
    ]);
    api.set(...answer(routes.retryJob, job({ state: 'running' }), { id: 'j1' }));
    const { user } = renderApp('/jobs');
    await user.click(await screen.findByRole('button', { name: 'Retry job j1 from where it stopped' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/jobs/j1/retry')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Retry job j2 from where it stopped' })).toBeNull();
  });

  it('cancels only after confirming', async () => {
    const api = mockJobs([job({ state: 'running' })]);
    api.set(...answer(routes.cancelJob, job({ state: 'cancelled' }), { id: 'j1' }));
    const { user } = renderApp('/jobs');
    await user.click(await screen.findByRole('button', { name: 'Cancel job j1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel job' });
    expect(api.callsTo('POST /api/v1/jobs/j1/cancel')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel job' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/jobs/j1/cancel')).toHaveLength(1));
  });

  it('undoes a delete after confirming, and says why another cannot be undone', async () => {
    const api = mockJobs([
      job(),
      job({ id: 'j2', undo: { available: false, reason: 'the bucket does not keep versions' } }),
    ]);
    api.set('POST /api/v1/jobs/j1/undo', {
      status: 201,
      body: job({ id: 'j3', kind: 'undo', state: 'running', undo_of: 'j1' }),
    });
    const { user } = renderApp('/jobs');
    expect(
      await screen.findByRole('button', { name: 'Cannot undo: the bucket does not keep versions' }),
    ).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Undo job j1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo job' });
    expect(dialog).toHaveTextContent('the delete markers it made are removed');
    await user.click(within(dialog).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/jobs/j1/undo')).toHaveLength(1));
  });

  it('offers the report of an ended job', async () => {
    mockJobs([job(), job({ id: 'j2', state: 'running' })]);
    renderApp('/jobs');
    expect(await screen.findByRole('button', { name: 'Download the report of job j1' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Download the report of job j2' })).not.toBeInTheDocument();
  });

  it('shows the empty text when there are no jobs', async () => {
    mockJobs([]);
    renderApp('/jobs');
    expect(await screen.findByText(/No bulk jobs yet/)).toBeInTheDocument();
  });
});
