// `stowage console` in a child process in front of a store, and a form login against it.
import { spawn } from 'node:child_process';
import { pinned } from './cpu.mjs';
import { freePort } from './ports.mjs';

const CLI = new URL('../../apps/cli/bin/stowage.mjs', import.meta.url).pathname;

export async function startConsole(serverUrl, opts = {}) {
  const port = await freePort();
  // BENCH_CONSOLE_NODE_ARGS passes node flags to the console alone, e.g. "--cpu-prof".
  const nodeArgs = (process.env.BENCH_CONSOLE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const [cmd, args] = pinned(opts.cpu, process.execPath, [
    ...nodeArgs,
    CLI,
    'console',
    '--server',
    serverUrl,
    '--console-port',
    String(port),
  ]);
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes(String(port))) resolve();
    });
    child.once('exit', (code) => reject(new Error(`console exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    close: () => new Promise((resolve) => child.once('exit', resolve) && process.kill(child.pid, 'SIGTERM')),
  };
}

/** A fresh console session: its cookie and CSRF token. */
export async function login(consoleUrl, credentials) {
  const res = await fetch(`${consoleUrl}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (res.status !== 204) throw new Error(`login: ${res.status}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  const session = await (await fetch(`${consoleUrl}/api/v1/session`, { headers: { cookie } })).json();
  return { cookie, csrf: session.csrfToken };
}
