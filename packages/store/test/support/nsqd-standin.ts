import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { TLSSocket } from 'node:tls';

// nsqd is not packaged by Debian, so it cannot run here. This stand-in speaks the part of
// nsqd's TCP protocol a producer uses: the "  V2" magic, a heartbeat early on (a client
// must answer NOP), PUB <topic>\n<size><body> answered with OK (or E_BAD_TOPIC for a bad name),
// and IDENTIFY with feature negotiation: given a certificate it agrees to tls_v1, runs the
// TLS handshake on the same socket and says OK over TLS, as nsqd does. The store's real
// client code is what the test exercises.

export interface NsqdStandIn {
  address: string;
  messages: { topic: string; body: Buffer }[];
  /** NOPs received: answers to heartbeats. */
  nops: number;
  /** Connections that were upgraded to TLS. */
  tlsUpgrades: number;
  close(): Promise<void>;
}

const frame = (type: number, data: string): Buffer => {
  const out = Buffer.alloc(8 + Buffer.byteLength(data));
  out.writeUInt32BE(4 + Buffer.byteLength(data), 0);
  out.writeInt32BE(type, 4);
  out.write(data, 8);
  return out;
};

export async function startNsqdStandIn(
  opts: { tls?: { key: string; cert: string } } = {},
): Promise<NsqdStandIn> {
  const state: NsqdStandIn = { address: '', messages: [], nops: 0, tlsUpgrades: 0, close: async () => {} };
  const sockets = new Set<Socket>();

  /** Reads commands from `stream` (the socket, or TLS over it) until it closes or upgrades. */
  function serve(stream: Duplex, socket: Socket, pending: Buffer): void {
    let buf = pending;
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        const nl = buf.indexOf('\n');
        if (nl < 0) return;
        const [command, topic] = buf.subarray(0, nl).toString().split(' ');
        if (command === 'NOP') {
          state.nops += 1;
          buf = buf.subarray(nl + 1);
          continue;
        }
        if ((command !== 'PUB' && command !== 'IDENTIFY') || buf.length < nl + 5) return;
        const size = buf.readUInt32BE(nl + 1);
        if (buf.length < nl + 5 + size) return;
        const body = Buffer.from(buf.subarray(nl + 5, nl + 5 + size));
        buf = buf.subarray(nl + 5 + size);
        if (command === 'IDENTIFY') {
          const asked = JSON.parse(body.toString()) as { tls_v1?: boolean };
          const tls = Boolean(asked.tls_v1 && opts.tls);
          stream.write(frame(0, JSON.stringify({ max_rdy_count: 2500, version: '1.2.1', tls_v1: tls })));
          if (!tls) continue;
          stream.off('data', onData);
          const secure = new TLSSocket(socket, { isServer: true, key: opts.tls!.key, cert: opts.tls!.cert });
          secure.on('error', () => socket.destroy());
          secure.once('secure', () => {
            state.tlsUpgrades += 1;
            secure.write(frame(0, 'OK'));
            secure.write(frame(0, '_heartbeat_'));
          });
          serve(secure, socket, Buffer.alloc(0));
          return;
        }
        if (!/^[.a-zA-Z0-9_-]+(#ephemeral)?$/.test(topic ?? '')) {
          stream.write(frame(1, `E_BAD_TOPIC PUB topic name "${topic}" is not valid`));
          continue;
        }
        state.messages.push({ topic: topic!, body });
        stream.write(frame(0, 'OK'));
      }
    };
    stream.on('data', onData);
    if (buf.length > 0) onData(Buffer.alloc(0));
  }

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let magic = Buffer.alloc(0);
    const greet = (chunk: Buffer) => {
      magic = Buffer.concat([magic, chunk]);
      if (magic.length < 4) return;
      socket.off('data', greet);
      if (magic.subarray(0, 4).toString() !== '  V2') return socket.destroy();
      // A heartbeat at once (a TLS stand-in sends it once upgraded: a NOP in between would
      // land in the TLS handshake).
      if (!opts.tls) socket.write(frame(0, '_heartbeat_'));
      serve(socket, socket, magic.subarray(4));
    };
    socket.on('data', greet);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.address = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return state;
}
