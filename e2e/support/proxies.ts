import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onFreePort } from '@stowage/test-support/peers/free-port';
import { vi } from 'vitest';

const README = new URL('../../README.md', import.meta.url).pathname;

/**
 * A fenced block of the README's "Behind a reverse proxy" section, by its language: the tests
 * run the configurations the documentation gives, so the two cannot drift apart.
 */
export async function readmeBlock(language: string): Promise<string> {
  const readme = await readFile(README, 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Behind a reverse proxy'));
  const block = section?.match(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'm'))?.[1];
  if (!block) throw new Error(`README: no ${language} block under "Behind a reverse proxy"`);
  return block;
}

export interface RunningProxy {
  port: number;
  url: string;
  log: () => string;
  stop(): Promise<void>;
}

/**
 * Debian's nginx in the foreground with its own prefix, configuration, logs and pid file in a
 * temporary directory, `server` (the README's block) inside its http block.
 */
export const startNginx = (server: (port: number) => string): Promise<RunningProxy> =>
  onFreePort(async (port) => {
    const dir = await mkdtemp(join(tmpdir(), 'stowage-nginx-'));
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
    for (const t of temp) await mkdir(join(dir, t));
    const conf = join(dir, 'nginx.conf');
    await writeFile(
      conf,
      [
        'daemon off;',
        // one process as the test's user: the workers would otherwise drop to a user that
        // cannot write the temporary directory
        'master_process off;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/error.log info;`,
        'events {}',
        'http {',
        `access_log ${dir}/access.log;`,
        ...temp.map((t) => `${t}_temp_path ${dir}/${t};`),
        server(port),
        '}',
      ].join('\n'),
    );
    const child = spawn('/usr/sbin/nginx', ['-p', `${dir}/`, '-c', conf, '-e', `${dir}/error.log`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return running(child, port, dir, async () => readFile(join(dir, 'error.log'), 'utf8').catch(() => ''));
  });

/** Debian's Caddy with the README's Caddyfile, its admin endpoint off and its state in a temp dir. */
export const startCaddy = (caddyfile: (port: number) => string): Promise<RunningProxy> =>
  onFreePort(async (port) => {
    const dir = await mkdtemp(join(tmpdir(), 'stowage-caddy-'));
    const file = join(dir, 'Caddyfile');
    await writeFile(file, `{\n\tadmin off\n}\n\n${caddyfile(port)}`);
    const child = spawn('/usr/bin/caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, HOME: dir, XDG_CONFIG_HOME: dir, XDG_DATA_HOME: dir },
    });
    return running(child, port, dir);
  });

async function running(
  child: ChildProcess,
  port: number,
  dir: string,
  extraLog: () => Promise<string> = async () => '',
): Promise<RunningProxy> {
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      process.kill(child.pid, 'SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  // Started once it accepts connections; an exit ends the wait (its log says why: onFreePort
  // tries another port when the port was taken).
  const up = await vi
    .waitFor(
      async () => {
        if (child.exitCode !== null) return false;
        if (!(await listening(port))) throw new Error(`nothing listens on ${port} yet`);
        return true;
      },
      { timeout: 30_000, interval: 100 },
    )
    .catch(() => false);
  if (!up) {
    const log = output + (await extraLog());
    await stop();
    throw new Error(`the proxy did not start:\n${log}`);
  }
  let lastLog = '';
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    log: () => output + lastLog,
    stop: async () => {
      lastLog = await extraLog();
      await stop();
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
