import { connect, Socket } from 'node:net';
import type { OutboundPolicy } from './outbound.js';

// Sockets for database clients that take a ready-made stream (mysql2) or a socket they
// connect themselves (pg): either way its connection goes through the outbound list. A
// refusal surfaces as the socket's 'error', as any failure to connect would.

function refused(err: unknown): Socket {
  const socket = new Socket();
  process.nextTick(() => socket.destroy(err as Error));
  return socket;
}

/** A socket connecting to `host:port` where the list allows it. */
export function checkedConnection(outbound: OutboundPolicy, host: string, port: number): Socket {
  try {
    return connect({ host, port, ...outbound.dialOptions(host, port) });
  } catch (err) {
    return refused(err);
  }
}

/**
 * A socket not yet connected whose connect(port, host) — or connect(path), a Unix socket,
 * which the list never allows — goes through the list: what pg's `stream` option takes.
 */
export function checkedSocket(outbound: OutboundPolicy): Socket {
  const socket = new Socket();
  const connectNow = socket.connect.bind(socket);
  socket.connect = ((port: unknown, host: unknown) => {
    try {
      if (typeof port === 'string') {
        outbound.dialOptions(port, 0);
        return connectNow(port);
      }
      const to = typeof host === 'string' ? host : 'localhost';
      return connectNow({ port: Number(port), host: to, ...outbound.dialOptions(to, Number(port)) });
    } catch (err) {
      process.nextTick(() => socket.destroy(err as Error));
      return socket;
    }
  }) as Socket['connect'];
  return socket;
}
