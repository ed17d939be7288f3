import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from 'nats';
import { onFreePort } from './free-port.js';
import { orStop, startPeer, waitUntil } from './peer-process.js';

// A real NATS server (Debian's nats-server 2.9) on 127.0.0.1 with a user and password, and
// JetStream on, its store in a temporary directory.

export const NATS_SERVER = '/usr/sbin/nats-server';

export interface NatsServer {
  address: string;
  username: string;
  password: string;
  connect(): Promise<NatsConnection>;
  close(): Promise<void>;
}

export async function startNats(): Promise<NatsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'stowage-nats-'));
  const username = 'stowage';
  const password = 'nats-test-password';
  const { peer, port, open } = await onFreePort(async (port) => {
    const peer = startPeer(NATS_SERVER, [
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '--user',
      username,
      '--pass',
      password,
      '-js',
      '-sd',
      dir,
    ]);
    const open = () =>
      connect({ servers: `127.0.0.1:${port}`, user: username, pass: password, timeout: 2000 });
    await orStop(
      peer,
      waitUntil(peer, async () => (await open()).close()),
    );
    return { peer, port, open };
  });
  const address = `127.0.0.1:${port}`;
  return {
    address,
    username,
    password,
    connect: open,
    async close() {
      await peer.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
