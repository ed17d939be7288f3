import { gunzipSync } from 'node:zlib';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobBytes, captureDownloads } from '../../test/downloads.js';
import { mockApi } from '../../test/fetchMock.js';
import { session } from '../../test/fixtures.js';
import { type LiveSocketServer, liveSocketServer } from '../../test/liveSocketServer.js';
import { renderApp } from '../../test/renderApp.js';
import { diagnosticState } from './diagnosticReport.js';

let live: LiveSocketServer;
beforeEach(async () => {
  live = await liveSocketServer();
  mockApi({ 'GET /api/v1/session': { body: session() } });
});
afterEach(() => live.close());

const REPORT = { version: '3', timestamp: '2026-11-28T10:00:00Z', minio: { info: { mode: 'online' } } };

describe('diagnostics', () => {
  it('states follow the socket: open is in progress, 1000 is success, other closes are errors', () => {
    expect(diagnosticState('idle', undefined)).toBe('idle');
    expect(diagnosticState('connecting', undefined)).toBe('inProgress');
    expect(diagnosticState('open', undefined)).toBe('inProgress');
    expect(diagnosticState('ended', { kind: 'complete' })).toBe('success');
    for (const kind of ['failed', 'refused', 'lost'] as const)
      expect(diagnosticState('failed', { kind })).toBe('error');
  });

  it('Start Diagnostic asks for an hour, shows progress, then offers the gzipped report', async () => {
    const files = captureDownloads();
    const { user } = renderApp('/health-info');
    const download = await screen.findByRole('button', { name: 'Download' });
    expect(download).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Start Diagnostic' }));

    const server = await live.opened();
    expect(live.paths[0]).toBe('/ws/health-info?deadline=1h');
    expect(
      await screen.findByText('Diagnostic started. Please do not refresh page during diagnosis.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Diagnostic in progress')).toBeInTheDocument();
    expect(download).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Start Diagnostic' })).toBeDisabled();

    server.send(JSON.stringify(REPORT));
    server.close(1000);
    expect(await screen.findByText('Diagnostic file is ready to be downloaded.')).toBeInTheDocument();
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.name).toBe('diagnostic.json.gz');
    const bytes = await blobBytes(files[0]!.blob);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(REPORT);
  });

  for (const code of [1011, 1008]) {
    it(`a close with ${code} is an error and Download stays disabled`, async () => {
      const { user } = renderApp('/health-info');
      await user.click(await screen.findByRole('button', { name: 'Start Diagnostic' }));
      const server = await live.opened();
      server.close(code, 'an error occurred, please try again');
      expect(
        await screen.findByText(/An error occurred while getting Diagnostic file\./),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Start Diagnostic' })).toBeEnabled();
    });
  }

  it('a dropped connection (1006) is an error too', async () => {
    const { user } = renderApp('/health-info');
    await user.click(await screen.findByRole('button', { name: 'Start Diagnostic' }));
    (await live.opened()).terminate();
    expect(await screen.findByText(/An error occurred while getting Diagnostic file\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
  });
});
