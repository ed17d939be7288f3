// s3rver (npm), the peer for small-object operations, as a child process on a free port.
import { startNodeChild } from './node-child.mjs';
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
  const close = await startNodeChild(CHILD, [String(port), directory], opts);
  return {
    url: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    close,
  };
}
