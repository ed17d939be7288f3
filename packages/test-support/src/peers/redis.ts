import { type ChildProcess, spawn } from 'node:child_process';
import { RespConnection, type RespValue } from '@stowage/store/test-support';
import { freePort } from './free-port.js';

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
  const port = await freePort();
  const password = 'redis-test-password';
  const child: ChildProcess = spawn(
    REDIS_SERVER,
    [
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
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
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
    async close() {
      if (child.exitCode === null && child.signalCode === null)
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
    },
  };
}
