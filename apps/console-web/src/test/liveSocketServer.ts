import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { vi } from 'vitest';
import type { WebSocketServer as Server, WebSocket as ServerSocket } from 'ws';

// Under jsdom 'ws' resolves to its browser stub; the Node entry, loaded by its file path, holds
// the real server and client (as in api/liveStream.test.ts).
const require = createRequire(import.meta.url);
const { WebSocket, WebSocketServer } = require(
  join(dirname(require.resolve('ws/package.json')), 'index.js'),
) as typeof import('ws');

export interface LiveSocketServer {
  /** Every URL the page opened, as the page built it (ws://<page host>/ws/...?query). */
  urls: string[];
  /** The server side of the latest connection, once open. */
  peer(): ServerSocket | undefined;
  /** Sends a frame to every open connection. */
  send(frame: unknown): void;
  close(): Promise<void>;
}

/**
 * A real WebSocket server for a screen test, and the page's WebSocket pointed at it: the URL
 * the screen builds is recorded, and the connection goes to this server whatever its host.
 */
export async function liveSocketServer(): Promise<LiveSocketServer> {
  const server: Server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => server.once('listening', () => r()));
  const origin = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const urls: string[] = [];
  const peers: ServerSocket[] = [];
  server.on('connection', (ws: ServerSocket) => peers.push(ws));
  vi.stubGlobal(
    'WebSocket',
    class extends WebSocket {
      constructor(url: string) {
        urls.push(url);
        const target = new URL(url);
        super(`${origin}${target.pathname}${target.search}`);
      }
    },
  );
  return {
    urls,
    peer: () => peers.at(-1),
    send(frame) {
      for (const ws of server.clients) ws.send(JSON.stringify(frame));
    },
    async close() {
      for (const ws of server.clients) ws.terminate();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
