// s3rver (npm), the peer for small-object operations, as a child process on a free port.
import { spawn } from 'node:child_process';
import { pinned } from './cpu.mjs';
import { freePort } from './ports.mjs';

const CHILD = `
import S3rver from 's3rver';
const [port, directory] = process.argv.slice(1);
const server = new S3rver({ port: Number(port), address: '127.0.0.1', directory, silent: true });
await server.run();
console.log('ready');
`;

export async function startS3rverProcess(directory, opts = {}) {
  const port = await freePort();
  const [cmd, args] = pinned(opts.cpu, process.execPath, [
    '--input-type=module',
    '-e',
    CHILD,
    String(port),
    directory,
  ]);
  const child = spawn(cmd, args, {
    cwd: new URL('..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    close: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        process.kill(child.pid, 'SIGTERM');
      }),
  };
}
