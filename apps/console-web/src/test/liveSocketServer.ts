import { vi } from 'vitest';
import type { WebSocket as ServerSocket } from 'ws';
import { startTestSocketServer, until, ws } from './wsServer.js';

export interface LiveSocketServer {
  /** Every URL the page opened, as the page built it (ws://<page host>/ws/...?query). */
  urls: string[];
  /** Path and query of every connection the server took, in order. */
  paths: string[];
  /** The server side of the latest connection, once open. */
  peer(): ServerSocket | undefined;
  /** Resolves with the server side of connection `n` (0-based) once it is open. */
  opened(n?: number): Promise<ServerSocket>;
  /** Sends a frame to every open connection. */
  send(frame: unknown): void;
  close(): Promise<void>;
}

/**
 * A real WebSocket server for a screen test, and the page's WebSocket pointed at it: the URL
 * the screen builds is recorded, and the connection goes to this server whatever its host.
 */
export async function liveSocketServer(): Promise<LiveSocketServer> {
  const server = await startTestSocketServer();
  const urls: string[] = [];
  vi.stubGlobal(
    'WebSocket',
    class extends ws.WebSocket {
      constructor(url: string) {
        urls.push(url);
        const target = new URL(url);
        super(`ws://${server.host}${target.pathname}${target.search}`);
        // A browser's socket closed while connecting just closes; ws's also emits an error.
        this.on('error', () => {});
      }
    },
  );
  return {
    urls,
    paths: server.paths,
    peer: () => server.peers.at(-1),
    async opened(n = 0) {
      await until(() => server.peers.length > n, `connection ${n}`);
      return server.peers[n] as ServerSocket;
    },
    send(frame) {
      for (const peer of server.peers)
        if (peer.readyState === ws.WebSocket.OPEN) peer.send(JSON.stringify(frame));
    },
    close: () => server.close(),
  };
}
