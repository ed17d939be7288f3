import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, permissionsReply } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { clearFinishedTransfers } from './transfers.js';

/** A stand-in for the browser's XMLHttpRequest: the test drives progress and the answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  answer(status: number, body = '{}') {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

function mockFolder() {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'POST /api/v1/has-permission': permissionsReply(),
    'GET /api/v1/buckets/docs/objects': { body: { objects: [] } },
  });
}

const pick = (input: HTMLElement, files: File[]) => fireEvent.change(input, { target: { files } });

afterEach(() => clearFinishedTransfers());

describe('uploads', () => {
  it('each file goes up on its own with its progress, then the list refreshes', async () => {
    const api = mockFolder();
    renderApp('/buckets/docs/browse/in/');
    await screen.findByText('This location is empty, please try uploading a new file');
    const listings = api.callsTo('GET /api/v1/buckets/docs/objects').length;
    pick(screen.getByTestId('upload-files'), [
      new File(['a'.repeat(100)], 'a.txt'),
      new File(['b'], 'b.txt'),
    ]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [first, second] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect(first.url).toBe('/api/v1/buckets/docs/objects/upload?prefix=in%2F');
    expect(first.headers['X-CSRF-Token']).toBe('csrf-123');
    expect([...(first.body?.keys() ?? [])]).toEqual(['a.txt']);
    const panel = screen.getByRole('region', { name: 'Uploads' });
    first.progress(40, 100);
    await waitFor(() =>
      expect(within(panel).getByRole('progressbar', { name: 'Upload of a.txt' })).toHaveAttribute(
        'aria-valuenow',
        '40',
      ),
    );
    expect(within(panel).getByText(/^40%/)).toBeInTheDocument();
    first.answer(200);
    second.answer(200);
    expect(await screen.findByText('Object(s) uploaded successfully.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/buckets/docs/objects').length).toBeGreaterThan(listings),
    );
  });

  it('a folder keeps its relative paths; a failure says so', async () => {
    mockFolder();
    renderApp('/buckets/docs/browse');
    await screen.findByText('This location is empty, please try uploading a new file');
    const nested = new File(['x'], 'c.txt');
    Object.defineProperty(nested, 'webkitRelativePath', { value: 'album/2026/c.txt' });
    pick(screen.getByTestId('upload-folder'), [nested]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.url).toBe('/api/v1/buckets/docs/objects/upload');
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['album/2026/c.txt']);
    xhr.answer(403, JSON.stringify({ message: 'access denied', detailedMessage: '' }));
    expect(await screen.findByText('An error occurred while uploading the file(s).')).toBeInTheDocument();
    expect(screen.getByText(/Failed: Access denied/)).toBeInTheDocument();
  });

  it('a running upload can be cancelled', async () => {
    mockFolder();
    const { user } = renderApp('/buckets/docs/browse');
    await screen.findByText('This location is empty, please try uploading a new file');
    pick(screen.getByTestId('upload-files'), [new File(['z'], 'z.txt')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Cancel upload of z.txt' }));
    expect(await screen.findByText(/^Cancelled/)).toBeInTheDocument();
  });
});
