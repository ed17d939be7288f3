import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, permissionsReply } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { clearFinishedTransfers, configureUploads } from './transfers.js';
import { memoryResumeStore, type ResumableUpload, resumeId } from './uploads/resumeStore.js';
import { fakeClock, fakeServer } from './uploads/testDoubles.js';

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
  configureUploads({ store: memoryResumeStore(), clock: fakeClock() });
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'POST /api/v1/has-permission': permissionsReply(),
    'GET /api/v1/buckets/docs/objects': { body: { objects: [] } },
    // Through the console: these tests look at the console's own upload route.
    'GET /api/v1/uploads/settings': { body: { mode: 'proxy', server_url: 'http://s3.test' } },
  });
}

/** Direct uploads: the console signs (mocked), the parts go to a storage server in memory. */
function mockDirect(opts: { reachable?: boolean; store?: ReturnType<typeof memoryResumeStore> } = {}) {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const server = fakeServer({ part_size: 4, part_count: 2 });
  configureUploads({
    send: server.send,
    probe: async () => opts.reachable ?? true,
    store: opts.store ?? memoryResumeStore(),
    clock: fakeClock(),
    checksums: false,
  });
  const api = mockApi({
    'GET /api/v1/session': { body: session() },
    'POST /api/v1/has-permission': permissionsReply(),
    'GET /api/v1/buckets/docs/objects': { body: { objects: [] } },
    // A 4-byte part limit: files of up to 4 bytes go up in one PUT, larger ones in parts.
    'GET /api/v1/uploads/settings': {
      body: { mode: 'direct', server_url: 'http://s3.test', max_part_bytes: 4 },
    },
    'POST /api/v1/buckets/docs/uploads/put-url': async (call) => ({
      body: await server.api.signPut('docs', call.body as never),
    }),
    'POST /api/v1/buckets/docs/uploads': (call) => ({
      body: { key: (call.body as { key: string }).key, upload_id: 'up-1', part_size: 4, part_count: 2 },
    }),
    'POST /api/v1/buckets/docs/uploads/sign': async (call) => ({
      body: await server.api.sign('docs', call.body as never),
    }),
    'GET /api/v1/buckets/docs/uploads/parts': async () => ({
      body: { parts: await server.api.listParts('docs', '', '') },
    }),
    'POST /api/v1/buckets/docs/uploads/complete': (call) => ({
      body: { key: (call.body as { key: string }).key, etag: 'abc-2' },
    }),
    'DELETE /api/v1/buckets/docs/uploads': { status: 204 },
  });
  return { api, server };
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

describe('direct uploads', () => {
  it('parts go to the storage server; the summary counts it and the finished file links to its object', async () => {
    const { api, server } = mockDirect();
    renderApp('/buckets/docs/browse/in/');
    await screen.findByText('This location is empty, please try uploading a new file');
    pick(screen.getByTestId('upload-files'), [new File(['aaaabb'], 'f.txt')]);
    expect(await screen.findByText('Object(s) uploaded successfully.')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
    expect([...server.stored.values()].map((p) => p.text).join('')).toBe('aaaabb');
    expect(api.callsTo('POST /api/v1/buckets/docs/uploads')[0]?.body).toMatchObject({
      key: 'in/f.txt',
      size: 6,
    });
    expect(api.callsTo('POST /api/v1/buckets/docs/uploads/complete')[0]?.body).toMatchObject({
      upload_id: 'up-1',
      parts: [
        { part_number: 1, etag: 'e1' },
        { part_number: 2, etag: 'e2' },
      ],
    });
    const panel = screen.getByRole('region', { name: 'Uploads' });
    expect(within(panel).getByTestId('transfer-summary')).toHaveTextContent('1 done · 0 failed · 6 B of 6 B');
    expect(within(panel).getByRole('link', { name: 'Open f.txt' })).toHaveAttribute(
      'href',
      '/buckets/docs/browse/in/f.txt',
    );
  });

  it('a file that fits in one part goes up in one signed PUT: no multipart upload', async () => {
    const { api, server } = mockDirect();
    renderApp('/buckets/docs/browse/in/');
    await screen.findByText('This location is empty, please try uploading a new file');
    pick(screen.getByTestId('upload-files'), [new File(['abc'], 'small.json', { type: 'application/json' })]);
    expect(await screen.findByText('Object(s) uploaded successfully.')).toBeInTheDocument();
    expect(server.stored.get(0)?.text).toBe('abc');
    expect(server.sends[0]?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(api.callsTo('POST /api/v1/buckets/docs/uploads/put-url')[0]?.body).toEqual({
      key: 'in/small.json',
      size: 3,
    });
    expect(api.callsTo('POST /api/v1/buckets/docs/uploads')).toHaveLength(0);
    expect(api.callsTo('POST /api/v1/buckets/docs/uploads/complete')).toHaveLength(0);
    const panel = screen.getByRole('region', { name: 'Uploads' });
    expect(within(panel).getByTestId('transfer-summary')).toHaveTextContent('1 done · 0 failed · 3 B of 3 B');
  });

  it('a one-PUT file that keeps failing can be retried whole', async () => {
    const { api, server } = mockDirect();
    server.failures.set(0, 5);
    const { user } = renderApp('/buckets/docs/browse');
    await screen.findByText('This location is empty, please try uploading a new file');
    pick(screen.getByTestId('upload-files'), [new File(['xyz'], 'h.txt')]);
    expect(await screen.findByText('An error occurred while uploading the file(s).')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Uploads' });
    expect(
      within(panel).getByText(/Failed: the storage server cannot be reached.*4 retries/),
    ).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Retry the failed part of h.txt' }));
    await waitFor(() => expect(within(panel).getByTestId('transfer-summary')).toHaveTextContent('1 done'));
    expect(server.stored.get(0)?.text).toBe('xyz');
    expect(api.callsTo('POST /api/v1/buckets/docs/uploads')).toHaveLength(0);
  });

  it('a part that keeps failing fails the file with its retries counted; Retry sends the missing part', async () => {
    const { api, server } = mockDirect();
    server.failures.set(2, 5);
    const { user } = renderApp('/buckets/docs/browse');
    await screen.findByText('This location is empty, please try uploading a new file');
    pick(screen.getByTestId('upload-files'), [new File(['aaaabb'], 'g.txt')]);
    expect(await screen.findByText('An error occurred while uploading the file(s).')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Uploads' });
    expect(
      within(panel).getByText(/Failed: the storage server cannot be reached.*4 retries/),
    ).toBeInTheDocument();
    expect(within(panel).getByTestId('transfer-summary')).toHaveTextContent('0 done · 1 failed');
    server.sends.length = 0;
    await user.click(within(panel).getByRole('button', { name: 'Retry the failed part of g.txt' }));
    await waitFor(() =>
      expect(within(panel).getByTestId('transfer-summary')).toHaveTextContent('1 done · 0 failed'),
    );
    expect(server.sends.map((s) => s.part)).toEqual([2]);
    expect(api.callsTo('POST /api/v1/buckets/docs/uploads')).toHaveLength(1);
  });

  it('after a reload the unfinished upload waits for its file: another file is refused, the same one resumes', async () => {
    const store = memoryResumeStore();
    const record: ResumableUpload = {
      id: resumeId('docs', 'big.bin', 'up-1'),
      bucket: 'docs',
      key: 'big.bin',
      uploadId: 'up-1',
      partSize: 4,
      partCount: 2,
      contentType: 'application/octet-stream',
      fileName: 'big.bin',
      fileSize: 6,
      lastModified: 7,
      parts: { 1: { etag: 'e1' } },
      startedAt: 1,
    };
    await store.put(record);
    const { api, server } = mockDirect({ store });
    server.stored.set(1, { etag: 'e1', size: 4, text: 'aaaa' });
    renderApp('/buckets/docs/browse');
    const unfinished = await screen.findByTestId('unfinished-uploads');
    expect(within(unfinished).getByText('4 B of 6 B sent')).toBeInTheDocument();
    pick(screen.getByTestId('resume-file-big.bin'), [new File(['aaaabc'], 'big.bin', { lastModified: 8 })]);
    expect(await within(unfinished).findByRole('alert')).toHaveTextContent(
      'This is not the file being uploaded',
    );
    pick(screen.getByTestId('resume-file-big.bin'), [new File(['aaaabb'], 'big.bin', { lastModified: 7 })]);
    const panel = screen.getByRole('region', { name: 'Uploads' });
    await waitFor(() => expect(within(panel).getByTestId('transfer-summary')).toHaveTextContent('1 done'));
    expect(server.sends.map((s) => s.part)).toEqual([2]);
    expect(api.callsTo('GET /api/v1/buckets/docs/uploads/parts')).toHaveLength(1);
    expect(api.callsTo('POST /api/v1/buckets/docs/uploads')).toHaveLength(0);
    expect(await store.list()).toEqual([]);
    expect(screen.queryByTestId('unfinished-uploads')).not.toBeInTheDocument();
  });

  it('a server the browser cannot reach: through the console, and the panel says how to allow the origin', async () => {
    mockDirect({ reachable: false });
    renderApp('/buckets/docs/browse');
    await screen.findByText('This location is empty, please try uploading a new file');
    pick(screen.getByTestId('upload-files'), [new File(['x'], 'x.txt')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe('/api/v1/buckets/docs/objects/upload');
    const panel = screen.getByRole('region', { name: 'Uploads' });
    expect(within(panel).getByText(/cannot reach the storage server at http:\/\/s3\.test/)).toHaveTextContent(
      'api cors_allow_origin=http://localhost',
    );
    FakeXhr.sent[0]!.answer(200);
  });

  it('the panel stays on every page, folds to one bar, and the page asks before leaving while an upload runs', async () => {
    mockFolder();
    renderApp('/buckets/docs/browse');
    await screen.findByText('This location is empty, please try uploading a new file');
    pick(screen.getByTestId('upload-files'), [new File(['a'.repeat(100)], 'a.txt')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Users' }));
    await waitFor(() => expect(screen.queryByTestId('upload-files')).not.toBeInTheDocument());
    const panel = screen.getByRole('region', { name: 'Uploads' });
    expect(within(panel).getByRole('heading')).toHaveTextContent('Uploading 1 file');
    fireEvent.click(within(panel).getByRole('button', { name: 'Hide uploads' }));
    expect(within(panel).queryByRole('progressbar', { name: 'Upload of a.txt' })).not.toBeInTheDocument();
    FakeXhr.sent[0]!.progress(25, 100);
    await waitFor(() =>
      expect(within(panel).getByRole('progressbar', { name: 'All uploads' })).toHaveAttribute(
        'aria-valuenow',
        '25',
      ),
    );
    expect(within(panel).getByRole('button', { name: 'Show uploads' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    FakeXhr.sent[0]!.answer(200);
    await waitFor(() => expect(within(panel).getByRole('heading')).toHaveTextContent('Uploads'));
    expect(leave()).toBe(false);
    fireEvent.click(within(panel).getByRole('button', { name: 'Show uploads' }));
    expect(within(panel).getByTestId('transfer-summary')).toHaveTextContent('1 done · 0 failed');
  });
});
