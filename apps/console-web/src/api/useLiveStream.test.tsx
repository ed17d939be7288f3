import { sockets } from '@stowage/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveStreamStatus } from '../components/LiveStreamStatus.js';
import { mockApi } from '../test/fetchMock.js';
import { renderWithProviders } from '../test/renderWithProviders.js';
import { createTestSocket, startTestSocketServer, type TestSocketServer, until } from '../test/wsServer.js';
import { onSessionEnd } from './sessionEvents.js';
import { useLiveStream } from './useLiveStream.js';

let server: TestSocketServer;
beforeEach(async () => {
  server = await startTestSocketServer();
});
afterEach(() => server.close());

let controls: ReturnType<typeof useLiveStream<typeof sockets.watch>> | undefined;

function WatchProbe() {
  const stream = useLiveStream(sockets.watch, {
    createSocket: createTestSocket,
    location: { protocol: 'http:', host: server.host },
    flushMs: 0,
  });
  controls = stream;
  return (
    <>
      <LiveStreamStatus stream={stream} />
      <ul>
        {stream.rows.map((row) => (
          <li key={row.Path}>{row.Path}</li>
        ))}
      </ul>
    </>
  );
}

describe('useLiveStream', () => {
  it('opens the typed socket with its parameters and shows the frames that arrive', async () => {
    renderWithProviders(<WatchProbe />);
    act(() => controls?.start({ params: { bucket: 'photos' }, query: { prefix: 'a/' } }));
    await until(() => server.peers.length === 1, 'the connection');
    expect(server.paths).toEqual(['/ws/watch/photos?prefix=a%2F']);
    expect(await screen.findByText('Live')).toBeInTheDocument();
    act(() => server.peers[0]?.send(JSON.stringify({ Path: 'photos/a/cat.png' })));
    expect(await screen.findByText('photos/a/cat.png')).toBeInTheDocument();
    expect(screen.getByText('1 received')).toBeInTheDocument();
  });

  it('shows why the console refused the stream, and ends the session if it expired', async () => {
    const ended = vi.fn();
    const stop = onSessionEnd(ended);
    const api = mockApi({
      'GET /api/v1/session': { status: 401, body: { message: 'expired', detailedMessage: '' } },
    });
    renderWithProviders(<WatchProbe />);
    act(() => controls?.start({ params: { bucket: 'photos' } }));
    await until(() => server.peers.length === 1, 'the connection');
    act(() => server.peers[0]?.close(1008, 'origin http://evil.example is not allowed'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The console refused the stream: origin http://evil.example is not allowed',
    );
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    await until(() => ended.mock.calls.length === 1, 'the session to end');
    expect(api.calls.map((c) => c.url)).toEqual(['/api/v1/session']);
    stop();
  });

  it('closes the socket when the screen goes away', async () => {
    const view = renderWithProviders(<WatchProbe />);
    act(() => controls?.start({ params: { bucket: 'photos' } }));
    await until(() => server.peers.length === 1, 'the connection');
    const closed = new Promise<number>((resolve) => server.peers[0]?.on('close', resolve));
    view.unmount();
    expect(await closed).toBe(1000);
  });
});
