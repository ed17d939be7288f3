import { vi } from 'vitest';
import type { WebSocket as ServerSocket } from 'ws';
import { startTestSocketServer, ws } from './wsServer.js';

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
  const server = await startTestSocketServer();
  const urls: string[] = [];
  vi.stubGlobal(
    'WebSocket',
    class extends ws.WebSocket {
      constructor(url: string) {
        urls.push(url);
        const target = new URL(url);
        super(`ws://${server.host}${target.pathname}${target.search}`);
      }
    },
  );
  return {
    urls,
    peer: () => server.peers.at(-1),
    send(frame) {
      for (const peer of server.peers)
        if (peer.readyState === ws.WebSocket.OPEN) peer.send(JSON.stringify(frame));
    },
    close: () => server.close(),
  };
}
