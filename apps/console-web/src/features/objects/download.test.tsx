import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureSavedUrls } from '../../test/downloads.js';
import { mockApi, permissionsReply, type RecordedCall } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { renderApp } from '../../test/renderApp.js';
import { forgetReachableOrigins } from './uploads/probe.js';

// Downloading one object: the console signs a URL on the storage server and the browser saves
// from there; in proxy mode, or when signing fails, it behaves as the server says.

const SIGN = 'POST /api/v1/buckets/docs/objects/download-url';
const STORE = 'http://127.0.0.1:9000/docs/';
const query = (call: RecordedCall) => new URL(call.url, 'http://localhost').searchParams;
const file = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  size: 10,
  last_modified: '2026-01-02T03:04:05Z',
  etag: 'e',
  ...extra,
});

/** Signs each key as a URL on the "store" that names it (and its version). */
const signed = (call: RecordedCall) => {
  const { key, version_id } = call.body as { key: string; version_id?: string };
  return {
    body: {
      mode: 'direct',
      url: `${STORE}${key}?X-Amz-Signature=sig${version_id ? `&versionId=${version_id}` : ''}`,
      expires_at: '2026-01-02T03:19:05Z',
    },
  };
};

function mockBucket() {
  return mockApi({
    'GET /api/v1/session': { body: session() },
    'POST /api/v1/has-permission': permissionsReply(),
    'GET /api/v1/buckets/docs/versioning': { body: { is_versioned: true, status: 'Enabled' } },
    'GET /api/v1/buckets/docs/objects': (call) => {
      const prefix = query(call).get('prefix');
      if (prefix === 'big.iso')
        return {
          body: {
            objects: query(call).get('with_versions')
              ? [file('big.iso', { version_id: 'v2', size: 2 ** 40 }), file('big.iso', { version_id: 'v1' })]
              : [file('big.iso', { version_id: 'v2', size: 2 ** 40 })],
          },
        };
      // A key written before versioning was enabled: its first version is the null one.
      if (prefix === 'old.txt')
        return {
          body: {
            objects: query(call).get('with_versions')
              ? [file('old.txt', { version_id: 'v2' }), file('old.txt', { version_id: 'null' })]
              : [file('old.txt', { version_id: 'v2' })],
          },
        };
      return { body: { objects: [file('a.txt'), file('b.txt')] } };
    },
    [SIGN]: signed,
  });
}

let saved: string[] = [];
beforeEach(() => {
  saved = captureSavedUrls();
  forgetReachableOrigins();
});
afterEach(() => vi.restoreAllMocks());

describe('downloading one object', () => {
  it('saves from the URL the console signed on the storage server, the version it names', async () => {
    const api = mockBucket();
    const { user } = renderApp('/buckets/docs/browse/big.iso');
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toEqual([`${STORE}big.iso?X-Amz-Signature=sig&versionId=v2`]));
    expect(api.callsTo(SIGN)[0]?.body).toEqual({ key: 'big.iso', version_id: 'v2' });
    // A terabyte takes a while: the page says the download started.
    expect(
      await screen.findByText('Download process started, it may take a few moments to complete'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Versions' }));
    const versions = await screen.findByRole('table', { name: 'Versions' });
    await user.click(within(versions).getByRole('button', { name: 'Download v1' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(api.callsTo(SIGN)[1]?.body).toEqual({ key: 'big.iso', version_id: 'v1' });
    expect(saved[1]).toBe(`${STORE}big.iso?X-Amz-Signature=sig&versionId=v1`);
  });

  it('the null version is asked for by that name, signed or through the console', async () => {
    const api = mockBucket();
    const { user } = renderApp('/buckets/docs/browse/old.txt');
    await user.click(await screen.findByRole('tab', { name: 'Versions' }));
    const versions = await screen.findByRole('table', { name: 'Versions' });
    await user.click(within(versions).getByRole('button', { name: 'Download null' }));
    await waitFor(() => expect(saved).toEqual([`${STORE}old.txt?X-Amz-Signature=sig&versionId=null`]));
    expect(api.callsTo(SIGN)[0]?.body).toEqual({ key: 'old.txt', version_id: 'null' });

    // Without the name the console would send the latest version (v2) instead.
    api.set(SIGN, { body: { mode: 'proxy' } });
    await user.click(within(versions).getByRole('button', { name: 'Download null' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(new URL(saved[1] as string).searchParams.get('version_id')).toBe('null');
  });

  it('two rows clicked before the first answer each save their own file', async () => {
    const api = mockBucket();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    api.set(SIGN, async (call) => {
      if ((call.body as { key: string }).key === 'a.txt') await held;
      return signed(call);
    });
    const { user } = renderApp('/buckets/docs/browse/');
    await user.click(await screen.findByRole('button', { name: 'Download a.txt' }));
    await user.click(await screen.findByRole('button', { name: 'Download b.txt' }));
    await waitFor(() => expect(saved).toEqual([`${STORE}b.txt?X-Amz-Signature=sig`]));
    release();
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe(`${STORE}a.txt?X-Amz-Signature=sig`);
    // Small files: no "may take a while".
    expect(screen.queryByText(/Download process started/)).toBeNull();
  });

  it('in proxy mode the browser downloads through the console', async () => {
    const api = mockBucket();
    api.set(SIGN, { body: { mode: 'proxy' } });
    const { user } = renderApp('/buckets/docs/browse/');
    await user.click(await screen.findByRole('button', { name: 'Download a.txt' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const url = new URL(saved[0] as string);
    expect(url.pathname).toBe('/api/v1/buckets/docs/objects/download');
    expect(url.searchParams.get('prefix')).toBe('a.txt');
  });

  it('a server the browser cannot reach: through the console, and the server is asked once', async () => {
    const api = mockBucket();
    api.set('HEAD /docs/a.txt', () => Promise.reject(new TypeError('Failed to fetch')));
    const { user } = renderApp('/buckets/docs/browse/');
    await user.click(await screen.findByRole('button', { name: 'Download a.txt' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(new URL(saved[0] as string).pathname).toBe('/api/v1/buckets/docs/objects/download');
    await user.click(screen.getByRole('button', { name: 'Download b.txt' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(new URL(saved[1] as string).searchParams.get('prefix')).toBe('b.txt');
    // Asked once, anonymously: a wrong signature would count against the browser's address.
    const probes = api.calls.filter((c) => c.method === 'HEAD');
    expect(probes.map((c) => c.url)).toEqual(['http://127.0.0.1:9000/docs/a.txt']);
  });

  it("a refused download shows the server's reason and saves nothing", async () => {
    const api = mockBucket();
    api.set(SIGN, {
      status: 403,
      body: { message: 'access denied', detailedMessage: 'a.txt: Access Denied.' },
    });
    const { user } = renderApp('/buckets/docs/browse/');
    await user.click(await screen.findByRole('button', { name: 'Download a.txt' }));
    expect(await screen.findByText(/The file could not be downloaded: .*Access Denied/)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
