import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetchMock.js';
import { renderApp } from '../../test/renderApp.js';

const INFO = { bucket: 'docs', prefix: 'inbox/', expires: '2030-01-01T00:00:00.000Z', size_limit: 1024 };
const FORM = (name: string) => ({
  url: 'http://127.0.0.1:9000/docs',
  fields: { key: `inbox/${name}`, policy: 'cG9saWN5', 'x-amz-signature': 'sig' },
});
const xmlError = (code: string, message: string) =>
  new Response(`<?xml version="1.0"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`, {
    status: 400,
    headers: { 'Content-Type': 'application/xml' },
  });

describe('drop page', () => {
  it('is public: shows the link, uploads to the store, and says when a file is too large', async () => {
    const api = mockApi({
      'GET /api/v1/session': { status: 401, body: { message: 'invalid session', detailedMessage: '' } },
      'GET /api/v1/drop/abc': { body: INFO },
      'POST /api/v1/drop/abc/uploads': (call) => ({ body: FORM((call.body as { name: string }).name) }),
      'POST /docs': (call) =>
        call.url.includes('127.0.0.1') && api.callsTo('POST /docs').length === 1
          ? new Response(null, { status: 204 })
          : xmlError('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'),
    });
    const { user } = renderApp('/drop/abc');
    expect(await screen.findByRole('heading', { name: 'Upload files' })).toBeInTheDocument();
    expect(screen.getByText('Files you upload here go to docs/inbox/.')).toBeInTheDocument();
    expect(screen.getByText(/Up to 1.0 KiB a file/)).toBeInTheDocument();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [new File(['small'], 'small.txt'), new File(['x'.repeat(2000)], 'big.bin')]);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('small.txt uploaded.')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'big.bin is larger than this link allows (1.0 KiB).',
    );
    expect(api.callsTo('POST /api/v1/drop/abc/uploads').map((c) => c.body)).toEqual([
      { name: 'small.txt' },
      { name: 'big.bin' },
    ]);
    // The public calls carry no CSRF token and no cookie is needed; the file goes to the store.
    expect(api.callsTo('POST /api/v1/drop/abc/uploads')[0]?.headers['x-csrf-token']).toBeUndefined();
    await waitFor(() => expect(api.callsTo('POST /docs')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('explains a link that cannot be used', async () => {
    mockApi({
      'GET /api/v1/session': { status: 401, body: { message: 'invalid session', detailedMessage: '' } },
      'GET /api/v1/drop/dead': {
        status: 403,
        body: { message: 'This link was revoked.', detailedMessage: 'share link revoked' },
      },
    });
    renderApp('/drop/dead');
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('This link was revoked.')).toBeInTheDocument();
  });
});
