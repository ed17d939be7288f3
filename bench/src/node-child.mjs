// A Node program given as source, run as a child process (optionally pinned to a CPU), ready
// once it prints 'ready'; stopped by its PID.
import { spawn } from 'node:child_process';
import { pinned } from './cpu.mjs';

export async function startNodeChild(source, args, opts = {}) {
  const [cmd, argv] = pinned(opts.cpu, process.execPath, [
    ...(opts.nodeArgs ?? []),
    '--input-type=module',
    '-e',
    source,
    ...args,
  ]);
  const child = spawn(cmd, argv, {
    cwd: new URL('..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
  return () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      process.kill(child.pid, 'SIGTERM');
    });
}
