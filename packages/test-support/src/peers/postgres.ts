import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { onFreePort } from './free-port.js';
import { orStop, startPeer, waitUntil } from './peer-process.js';

// A private PostgreSQL (Debian's postgresql 15) on 127.0.0.1: a fresh cluster in a temporary
// directory, run as the postgres system user (the server refuses to run as root) and stopped
// by its PID.

const BIN = '/usr/lib/postgresql/15/bin';

export interface PostgresServer {
  url: string;
  close(): Promise<void>;
}

export async function startPostgres(): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), 'stowage-pg-'));
  const { uid, gid } = userIds('postgres');
  chownSync(dir, uid, gid);
  const asPostgres = { uid, gid, env: { ...process.env, HOME: dir } };
  const init = spawnSync(
    `${BIN}/initdb`,
    ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'stowage', '-E', 'UTF8'],
    {
      ...asPostgres,
      encoding: 'utf8',
    },
  );
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
  const { peer, url } = await onFreePort(async (port) => {
    const peer = startPeer(
      `${BIN}/postgres`,
      ['-D', join(dir, 'data'), '-h', '127.0.0.1', '-p', String(port), '-k', dir],
      asPostgres,
    );
    const url = `postgres://stowage@127.0.0.1:${port}/postgres`;
    await orStop(
      peer,
      waitUntil(peer, async () => {
        const client = new pg.Client({ connectionString: url });
        try {
          await client.connect();
        } finally {
          await client.end().catch(() => {});
        }
      }),
      'SIGINT',
    );
    return { peer, url };
  });
  return {
    url,
    async close() {
      await peer.stop('SIGINT'); // fast shutdown
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function userIds(name: string): { uid: number; gid: number } {
  const out = spawnSync('id', [name], { encoding: 'utf8' }).stdout;
  const uid = /uid=(\d+)/.exec(out)?.[1];
  const gid = /gid=(\d+)/.exec(out)?.[1];
  if (!uid || !gid) throw new Error(`no ${name} user: install postgresql (the test command does)`);
  return { uid: Number(uid), gid: Number(gid) };
}
