import { RespConnection, type RespValue } from '@stowage/store/test-support';
import { onFreePort } from './free-port.js';
import { orStop, startPeer } from './peer-process.js';

// A real Redis (Debian's redis-server) on 127.0.0.1, in memory only, with a password.

export const REDIS_SERVER = '/usr/bin/redis-server';

export interface RedisServer {
  address: string;
  password: string;
  /** Runs one command on a fresh authenticated connection. */
  command(args: string[]): Promise<RespValue>;
  close(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const password = 'redis-test-password';
  const { peer, port } = await onFreePort(async (port) => {
    const peer = startPeer(REDIS_SERVER, [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--requirepass',
      password,
    ]);
    await orStop(peer, peer.line(/Ready to accept connections/));
    return { peer, port };
  });
  return {
    address: `127.0.0.1:${port}`,
    password,
    async command(args) {
      const conn = await RespConnection.open('127.0.0.1', port, 5000);
      try {
        await conn.command(['AUTH', password]);
        return await conn.command(args);
      } finally {
        conn.close();
      }
    },
    close: () => peer.stop(),
  };
}
