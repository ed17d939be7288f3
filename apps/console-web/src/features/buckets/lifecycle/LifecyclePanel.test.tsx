import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { PAIRS_DEBOUNCE_MS } from '../../../components/QueryPairsInput.js';
import { mockApi } from '../../../test/fetchMock.js';
import { bucket, session } from '../../../test/fixtures.js';
import { renderApp } from '../../../test/renderApp.js';

function mockLifecycle(rules: unknown[] = []) {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'GET /api/v1/buckets/logs': { body: { ...bucket('logs'), access: 'PRIVATE', definition: '' } },
    'GET /api/v1/buckets/logs/lifecycle': { body: { lifecycle: rules } },
    'POST /api/v1/buckets/logs/lifecycle': {
      status: 201,
      body: { id: 'new', prefix: '', status: 'Enabled', tags: [] },
    },
    'PUT /api/v1/buckets/logs/lifecycle/r1': { body: { id: 'r1', prefix: '', status: 'Enabled', tags: [] } },
    'PUT /api/v1/buckets/logs/lifecycle/r2': { body: { id: 'r2', prefix: '', status: 'Enabled', tags: [] } },
    'GET /api/v1/admin/tiers': { body: { items: [{ type: 's3', s3: { name: 'COLD' } }] } },
  });
}

const rule = {
  id: 'r1',
  prefix: 'app/',
  status: 'Enabled',
  expiration: { days: 30, date: '0001-01-01T00:00:00Z' },
  transition: { date: '2031-01-02T00:00:00Z', storage_class: 'COLD' },
  tags: [{ key: 'env', value: 'prod' }],
};

describe('bucket lifecycle', () => {
  it('formats days as "N day(s)", blanks the zero date, and says when there are none', async () => {
    mockLifecycle([rule]);
    const first = renderApp('/buckets/logs/admin/lifecycle');
    const table = await screen.findByRole('table', { name: 'Lifecycle' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['r1', 'app/', 'Enabled', '30 day(s)', '2031-01-02', 'COLD', '']);
    first.unmount();
    mockLifecycle([]);
    renderApp('/buckets/logs/admin/lifecycle');
    expect(await screen.findByText('There are no Lifecycle rules yet')).toBeInTheDocument();
  });

  it('Add: expiry after days of at least 1, with complete tag pairs', async () => {
    // The tags builder's debounce runs on fake timers (real time still passes for user-event).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => void vi.useRealTimers());
    const api = mockLifecycle();
    const { user } = renderApp('/buckets/logs/admin/lifecycle');
    await user.click(await screen.findByRole('button', { name: 'Add Lifecycle Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Lifecycle Rule' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Days' }), '0');
    expect(save).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Days' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Days' }), '14');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags key 1' }), 'env');
    expect(within(dialog).queryByRole('textbox', { name: 'Tags key 2' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags value 1' }), 'dev');
    expect(within(dialog).getByRole('textbox', { name: 'Tags key 2' })).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(PAIRS_DEBOUNCE_MS); // the builder emits its value
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/buckets/logs/lifecycle')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/buckets/logs/lifecycle')[0]!.body).toEqual({
      type: 'expiry',
      tags: 'env=dev',
      expiry_days: 14,
    });
  });

  it('Add: a transition on a real date needs a storage class', async () => {
    const api = mockLifecycle();
    const { user } = renderApp('/buckets/logs/admin/lifecycle');
    await user.click(await screen.findByRole('button', { name: 'Add Lifecycle Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Lifecycle Rule' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(within(dialog).getByRole('radio', { name: 'Transition' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Date' }));
    const year = new Date().getFullYear() + 1;
    const pick = async (label: string, option: string) => {
      await user.click(within(dialog).getAllByLabelText(label)[0]!);
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await pick('Month', '2');
    await pick('Day', '30');
    await pick('Year', String(year));
    expect(within(dialog).getByText('Choose a date that exists.')).toBeInTheDocument();
    await pick('Day', '28');
    expect(save).toBeDisabled(); // no storage class yet
    await user.click(within(dialog).getAllByLabelText(/Storage Class/)[0]!);
    await user.click(await screen.findByRole('option', { name: 'COLD' }));
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/buckets/logs/lifecycle')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/buckets/logs/lifecycle')[0]!.body).toEqual({
      type: 'transition',
      transition_date: `${year}-02-28T23:59:59Z`,
      storage_class: 'COLD',
    });
  });

  it('shows noncurrent, delete-marker and upload actions in the rule row', async () => {
    mockLifecycle([
      {
        id: 'r2',
        prefix: '',
        status: 'Enabled',
        expiration: { delete_marker: true, noncurrent_expiration_days: 7, newer_noncurrent_versions: 3 },
        abort_incomplete_multipart_days: 2,
        tags: [],
      },
    ]);
    renderApp('/buckets/logs/admin/lifecycle');
    const table = await screen.findByRole('table', { name: 'Lifecycle' });
    expect(within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[3]).toHaveTextContent(
      'expired delete markers; noncurrent after 7 day(s); keep 3 newer; uploads after 2 day(s)',
    );
  });

  it('Add: noncurrent expiry, delete markers and aborted uploads, checked as S3 checks them', async () => {
    const api = mockLifecycle();
    const { user } = renderApp('/buckets/logs/admin/lifecycle');
    await user.click(await screen.findByRole('button', { name: 'Add Lifecycle Rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Lifecycle Rule' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const box = (name: string | RegExp) => within(dialog).getByRole('textbox', { name });
    await user.click(within(dialog).getByRole('checkbox', { name: /Remove expired delete markers/ }));
    expect(box('Days')).toBeDisabled();
    await user.type(box('Days after becoming noncurrent'), '0');
    expect(within(dialog).getByText('Enter a whole number of days from 1 to 36,500.')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(box('Days after becoming noncurrent'));
    await user.type(box('Days after becoming noncurrent'), '14');
    await user.type(box('Newer noncurrent versions to keep'), '3');
    await user.type(box('Abort incomplete multipart uploads after (days)'), '2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags key 1' }), 'env');
    await user.type(within(dialog).getByRole('textbox', { name: 'Tags value 1' }), 'dev');
    expect(
      await within(dialog).findByText('Unfinished uploads are aborted by prefix only: remove the tags.'),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Tags key 1' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Tags value 1' }));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await waitFor(() => expect(api.callsTo('POST /api/v1/buckets/logs/lifecycle')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/buckets/logs/lifecycle')[0]!.body).toEqual({
      type: 'expiry',
      expired_object_delete_marker: true,
      noncurrentversion_expiration_days: 14,
      noncurrentversion_expiration_newer_versions: 3,
      abort_incomplete_multipart_days: 2,
    });
  });

  it('Edit: the switch sends the disable flag, the Id is read-only', async () => {
    const api = mockLifecycle([rule]);
    const { user } = renderApp('/buckets/logs/admin/lifecycle');
    await user.click(await screen.findByRole('button', { name: 'Edit rule r1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lifecycle Configuration' });
    expect(within(dialog).getByRole('textbox', { name: 'ID' })).toHaveAttribute('readonly');
    expect(within(dialog).getByRole('textbox', { name: 'Tags key 1' })).toHaveValue('env');
    await user.click(within(dialog).getByRole('switch', { name: 'Enabled' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/buckets/logs/lifecycle/r1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/buckets/logs/lifecycle/r1')[0]!.body).toEqual({
      type: 'transition',
      prefix: 'app/',
      tags: 'env=prod',
      disable: true,
    });
  });

  it('Edit: shows the optional actions, sends only what changed, and names what was emptied', async () => {
    const api = mockLifecycle([
      {
        id: 'r2',
        prefix: 'data/',
        status: 'Enabled',
        expiration: { delete_marker: true, noncurrent_expiration_days: 7, newer_noncurrent_versions: 3 },
        abort_incomplete_multipart_days: 2,
        tags: [],
      },
    ]);
    const { user } = renderApp('/buckets/logs/admin/lifecycle');
    await user.click(await screen.findByRole('button', { name: 'Edit rule r2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Lifecycle Configuration' });
    const box = (name: string) => within(dialog).getByRole('textbox', { name });
    expect(within(dialog).getByRole('checkbox', { name: /Remove expired delete markers/ })).toBeChecked();
    expect(box('Days after becoming noncurrent')).toHaveValue('7');
    expect(box('Abort incomplete multipart uploads after (days)')).toHaveValue('2');
    await user.clear(box('Newer noncurrent versions to keep'));
    await user.clear(box('Abort incomplete multipart uploads after (days)'));
    await user.type(box('Abort incomplete multipart uploads after (days)'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT /api/v1/buckets/logs/lifecycle/r2')).toHaveLength(1));
    expect(api.callsTo('PUT /api/v1/buckets/logs/lifecycle/r2')[0]!.body).toEqual({
      type: 'expiry',
      prefix: 'data/',
      tags: '',
      disable: false,
      abort_incomplete_multipart_days: 5,
      remove: ['noncurrentversion_expiration_newer_versions'],
    });
  });
});
