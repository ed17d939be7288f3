import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';

// nsqd is not packaged by Debian, so it cannot run here. This stand-in speaks the part of
// nsqd's TCP protocol a producer uses: the "  V2" magic, PUB <topic>\n<size><body> answered
// with an OK frame (or E_BAD_TOPIC for a bad name), and a heartbeat first, which a client
// must answer with NOP. The store's real client code is what the test exercises.

export interface NsqdStandIn {
  address: string;
  messages: { topic: string; body: Buffer }[];
  /** NOPs received: answers to heartbeats. */
  nops: number;
  close(): Promise<void>;
}

const frame = (type: number, data: string): Buffer => {
  const out = Buffer.alloc(8 + Buffer.byteLength(data));
  out.writeUInt32BE(4 + Buffer.byteLength(data), 0);
  out.writeInt32BE(type, 4);
  out.write(data, 8);
  return out;
};

export async function startNsqdStandIn(): Promise<NsqdStandIn> {
  const state: NsqdStandIn = { address: '', messages: [], nops: 0, close: async () => {} };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buf = Buffer.alloc(0);
    let greeted = false;
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (!greeted) {
        if (buf.length < 4) return;
        if (buf.subarray(0, 4).toString() !== '  V2') return socket.destroy();
        buf = buf.subarray(4);
        greeted = true;
        socket.write(frame(0, '_heartbeat_'));
      }
      for (;;) {
        const nl = buf.indexOf('\n');
        if (nl < 0) return;
        const [command, topic] = buf.subarray(0, nl).toString().split(' ');
        if (command === 'NOP') {
          state.nops += 1;
          buf = buf.subarray(nl + 1);
          continue;
        }
        if (command !== 'PUB' || buf.length < nl + 5) return;
        const size = buf.readUInt32BE(nl + 1);
        if (buf.length < nl + 5 + size) return;
        const body = Buffer.from(buf.subarray(nl + 5, nl + 5 + size));
        buf = buf.subarray(nl + 5 + size);
        if (!/^[.a-zA-Z0-9_-]+(#ephemeral)?$/.test(topic ?? '')) {
          socket.write(frame(1, `E_BAD_TOPIC PUB topic name "${topic}" is not valid`));
          continue;
        }
        state.messages.push({ topic: topic!, body });
        socket.write(frame(0, 'OK'));
      }
    });
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
