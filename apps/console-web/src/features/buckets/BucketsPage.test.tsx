import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, mockApi, type Reply } from '../../test/fetchMock.js';
import { bucket, session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { accessLevel } from './bucketView.js';

const buckets = [
  bucket('photos', {
    size: 5 * 1024 ** 3 + 300 * 1024 ** 2,
    objects: 1234567,
    rw_access: { read: true, write: true },
  }),
  bucket('Backups', { size: 1536, objects: 12, rw_access: { read: true, write: false } }),
  bucket('logs-2024', { size: 0, objects: 0, rw_access: { read: false, write: false } }),
  bucket('drop-box', { rw_access: { read: false, write: true } }),
];

function mockBuckets(reply: Reply | (() => Promise<Reply>), pages = ['/buckets', '/buckets/*']) {
  return mockApi({
    'GET /api/v1/session': { body: session({ pages }) },
    'GET /api/v1/buckets': reply,
  });
}

const card = (name: string) => screen.findByRole('article', { name });

describe('buckets list', () => {
  it('shows one card per bucket with its facts and links', async () => {
    mockBuckets({ body: { buckets, total: buckets.length } });
    renderApp('/buckets');
    expect(await screen.findByRole('heading', { name: 'Buckets', level: 1 })).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(4);

    const photos = within(await card('photos'));
    expect(photos.getByRole('heading', { name: 'photos' })).toBeInTheDocument();
    expect(photos.getByText('Created')).toBeInTheDocument();
    expect(photos.getByText(new Date('2024-03-05T14:07:00Z').toLocaleString('en'))).toBeInTheDocument();
    expect(photos.getByText('Access').nextElementSibling).toHaveTextContent('R/W');
    expect(photos.getByText('USAGE').nextElementSibling).toHaveTextContent('5.3 GiB');
    expect(photos.getByText('OBJECTS').nextElementSibling).toHaveTextContent('1,234,567');
    expect(photos.getByRole('link', { name: 'Browse' })).toHaveAttribute('href', '/buckets/photos/browse');
    expect(photos.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/buckets/photos/admin');

    const backups = within(await card('Backups'));
    expect(backups.getByText('Access').nextElementSibling).toHaveTextContent(/^R$/);
    expect(backups.getByText('USAGE').nextElementSibling).toHaveTextContent('1.5 KiB');
    expect(within(await card('logs-2024')).getByText('Access').nextElementSibling).toHaveTextContent(/^$/);
    expect(within(await card('drop-box')).getByText('Access').nextElementSibling).toHaveTextContent(/^W$/);
  });

  it('filters by case-insensitive name substring', async () => {
    mockBuckets({ body: { buckets, total: buckets.length } });
    const { user } = renderApp('/buckets');
    await card('photos');
    const search = screen.getByRole('searchbox', { name: 'Search Buckets' });

    await user.type(search, 'BACK');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Backups' })).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'S');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('article', { name: 'drop-box' })).toBeNull();

    await user.type(search, 'nothing-like-this');
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(screen.getByText('No buckets match your search.')).toBeInTheDocument();
  });

  it('shows a spinner while loading and an empty state when there are none', async () => {
    const pending = deferred<Reply>();
    const api = mockBuckets(() => pending.promise);
    renderApp('/buckets');
    await screen.findByRole('heading', { name: 'Buckets', level: 1 });
    expect(api.callsTo('GET /api/v1/buckets')).toHaveLength(1);
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    pending.resolve({ body: { buckets: [], total: 0 } });
    expect(await screen.findByText('No buckets yet.')).toBeInTheDocument();
  });

  it('shows a failed load as an Error banner with Retry', async () => {
    const api = mockBuckets({
      status: 500,
      body: { message: 'the storage server returned an error', detailedMessage: 'connection refused' },
    });
    const { user } = renderApp('/buckets');
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('The storage server returned an error')).toBeInTheDocument();
    api.set('GET /api/v1/buckets', { body: { buckets, total: buckets.length } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await card('photos')).toBeInTheDocument();
  });

  it('hides Browse and Manage when bucket pages are not allowed', async () => {
    mockBuckets({ body: { buckets, total: buckets.length } }, ['/buckets']);
    renderApp('/buckets');
    const photos = within(await card('photos'));
    expect(photos.queryByRole('link', { name: 'Browse' })).not.toBeInTheDocument();
  });

  it('opens the bucket detail behind Manage', async () => {
    mockBuckets({ body: { buckets, total: buckets.length } });
    const { user } = renderApp('/buckets');
    await user.click(within(await card('photos')).getByRole('link', { name: 'Manage' }));
    expect(await screen.findByRole('heading', { name: 'photos', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Bucket' })).toBeInTheDocument();
  });
});

describe('accessLevel', () => {
  it.each([
    [true, true, 'readWrite'],
    [true, false, 'read'],
    [false, true, 'write'],
    [false, false, 'none'],
  ] as const)('read %s write %s is %s', (read, write, level) => {
    expect(accessLevel({ read, write })).toBe(level);
  });
});
