// `stowage server` in a child process on a free port; stopped by its PID.
import { spawn } from 'node:child_process';
import { pinned } from './cpu.mjs';
import { freePort } from './ports.mjs';

const CLI = new URL('../../apps/cli/bin/stowage.mjs', import.meta.url).pathname;

export async function startStoreProcess(drives, credentials, opts = {}) {
  const port = await freePort();
  // BENCH_STORE_NODE_ARGS passes node flags to the server alone, e.g. "--cpu-prof".
  const nodeArgs = (process.env.BENCH_STORE_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const [cmd, args] = pinned(opts.cpu, process.execPath, [
    ...nodeArgs,
    CLI,
    'server',
    ...drives,
    '--port',
    String(port),
  ]);
  const child = spawn(cmd, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      STOWAGE_ROOT_USER: credentials.accessKey,
      STOWAGE_ROOT_PASSWORD: credentials.secretKey,
      // Settings a benchmark starts the server with (e.g. STOWAGE_SCANNER_CYCLE).
      ...opts.env,
    },
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('S3 API:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`stowage server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        process.kill(child.pid, 'SIGTERM');
      }),
  };
}
