import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Connection, createConnection } from 'mysql2/promise';
import { onFreePort } from './free-port.js';
import { orStop, startPeer, waitUntil } from './peer-process.js';

// A private MariaDB (Debian's mariadb-server 10.11) on 127.0.0.1: a fresh data directory,
// run as the mysql system user, with a password user `stowage` owning the `events` database.

export interface MariaDbServer {
  /** Go-style DSN for the `stowage` user and `events` database. */
  dsn: string;
  /** A connection as `stowage` to `events`. */
  connect(): Promise<Connection>;
  close(): Promise<void>;
}

export const MARIADBD = '/usr/sbin/mariadbd';
const PASSWORD = 'maria-test-password';

export async function startMariaDb(): Promise<MariaDbServer> {
  const dir = mkdtempSync(join(tmpdir(), 'stowage-mariadb-'));
  const ids = spawnSync('id', ['mysql'], { encoding: 'utf8' }).stdout;
  chownSync(dir, Number(/uid=(\d+)/.exec(ids)?.[1]), Number(/gid=(\d+)/.exec(ids)?.[1]));
  const data = join(dir, 'data');
  const init = spawnSync(
    '/usr/bin/mariadb-install-db',
    [
      '--no-defaults',
      `--datadir=${data}`,
      '--user=mysql',
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
    ],
    { encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(`mariadb-install-db failed: ${init.stderr}`);
  const socket = join(dir, 'mysqld.sock');
  const start = (port: number) =>
    startPeer(MARIADBD, [
      '--no-defaults',
      `--datadir=${data}`,
      '--user=mysql',
      '--bind-address=127.0.0.1',
      `--port=${port}`,
      `--socket=${socket}`,
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      '--skip-log-bin',
      '--innodb-buffer-pool-size=16M',
    ]);
  const { peer, port } = await onFreePort(async (port) => {
    const peer = start(port);
    await orStop(
      peer,
      waitUntil(peer, async () => {
        const root = await createConnection({ socketPath: socket, user: 'root' });
        await root.query('CREATE DATABASE IF NOT EXISTS events');
        await root.query(`CREATE USER IF NOT EXISTS 'stowage'@'%' IDENTIFIED BY '${PASSWORD}'`);
        await root.query(`GRANT ALL ON events.* TO 'stowage'@'%'`);
        await root.end();
      }),
    );
    return { peer, port };
  });
  return {
    dsn: `stowage:${PASSWORD}@tcp(127.0.0.1:${port})/events`,
    connect: () =>
      createConnection({ host: '127.0.0.1', port, user: 'stowage', password: PASSWORD, database: 'events' }),
    async close() {
      await peer.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
