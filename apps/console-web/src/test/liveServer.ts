// A real WebSocket server for screen tests, and the page's WebSocket pointed at it: the
// screen builds its ws:// URL from the page's location, which the stub keeps (path and query)
// while sending the connection to this server.

import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { vi } from 'vitest';
import type { WebSocketServer as Server, WebSocket as ServerSocket } from 'ws';

// Under jsdom 'ws' resolves to its browser stub; the Node entry holds the real server and client.
const require = createRequire(import.meta.url);
const { WebSocket, WebSocketServer } = require(
  join(dirname(require.resolve('ws/package.json')), 'index.js'),
) as typeof import('ws');

export interface LiveServer {
  /** Path and query of every connection, in order. */
  urls: string[];
  /** The server end of each connection. */
  peers: ServerSocket[];
  /** Resolves with the server end of connection `n` (0-based) once it is open. */
  peer(n?: number): Promise<ServerSocket>;
  close(): Promise<void>;
}

export async function startLiveServer(): Promise<LiveServer> {
  const server: Server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls: string[] = [];
  const peers: ServerSocket[] = [];
  const waiting: (() => void)[] = [];
  server.on('connection', (ws: ServerSocket, req: { url?: string }) => {
    urls.push(req.url ?? '');
    peers.push(ws);
    for (const wake of waiting.splice(0)) wake();
  });

  class PageSocket extends WebSocket {
    constructor(url: string) {
      const target = new URL(url);
      super(`${base}${target.pathname}${target.search}`);
      // A browser's socket closed while connecting just closes; ws's also emits an error.
      this.on('error', () => {});
    }
  }
  vi.stubGlobal('WebSocket', PageSocket);

  return {
    urls,
    peers,
    async peer(n = 0) {
      while (peers.length <= n) await new Promise<void>((r) => waiting.push(r));
      return peers[n] as ServerSocket;
    },
    async close() {
      for (const ws of server.clients) ws.terminate();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
