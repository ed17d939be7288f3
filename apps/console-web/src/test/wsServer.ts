import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { vi } from 'vitest';
import type { WebSocket as PeerSocket, WebSocketServer as Server } from 'ws';
import type { SocketLike } from '../api/liveStream.js';

// Under jsdom 'ws' resolves to its browser stub (the browser condition is on, for jsdom's own
// WebSocket too); the Node entry, loaded by its file path, holds the real server and client.
const require = createRequire(import.meta.url);
export const ws = require(
  join(dirname(require.resolve('ws/package.json')), 'index.js'),
) as typeof import('ws');

/** A real WebSocket client with the browser's interface, for LiveStream's `createSocket`. */
export const createTestSocket = (url: string) => new ws.WebSocket(url) as unknown as SocketLike;

export interface TestSocketServer {
  /** `host:port`, for a page location. */
  host: string;
  /** Connections so far, oldest first, and the paths they asked for. */
  peers: PeerSocket[];
  paths: string[];
  /** Text messages the clients sent, in order. */
  received: string[];
  /** Stops taking connections and drops the open ones. */
  close(): Promise<void>;
}

/** A WebSocket server on a free loopback port that records what its clients do. */
export async function startTestSocketServer(): Promise<TestSocketServer> {
  const server: Server = new ws.WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const state: TestSocketServer = {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    peers: [],
    paths: [],
    received: [],
    close: () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const peer of server.clients) peer.terminate();
      return closed;
    },
  };
  server.on('connection', (peer: PeerSocket, request) => {
    state.peers.push(peer);
    state.paths.push(request.url ?? '');
    peer.on('message', (data: Buffer) => state.received.push(String(data)));
  });
  return state;
}

/** Waits (vi.waitFor, every 10 ms, up to 4 s) until `check` holds. */
export async function until(check: () => boolean, what: string): Promise<void> {
  await vi
    .waitFor(
      () => {
        if (!check()) throw new Error(`timed out waiting for ${what}`);
      },
      { timeout: 4000, interval: 10 },
    )
    .catch(() => {
      throw new Error(`timed out waiting for ${what}`);
    });
}
