// `stowage server` in a child process on a free port; stopped by its PID.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const CLI = new URL('../../apps/cli/bin/stowage.mjs', import.meta.url).pathname;

function freePort() {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function startStoreProcess(drives) {
  const port = await freePort();
  const child = spawn(process.execPath, [CLI, 'server', ...drives, '--port', String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
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
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        process.kill(child.pid, 'SIGTERM');
      }),
  };
}
