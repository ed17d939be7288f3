// The ceiling for a Node console's download path on this machine: node:http receiving a GET,
// asking the store for the object (SigV4, node:http client) and piping the answer back, with
// no session, no routing, no headers of its own. No proxy written in Node can beat it.
import { startNodeChild } from './node-child.mjs';
import { freePort } from './ports.mjs';

const CHILD = `
import { createServer, request } from 'node:http';
import { signRequest } from '@stowage/madmin';
const [port, store, accessKey, secretKey] = process.argv.slice(1);
createServer((req, res) => {
  const url = new URL(req.url, store);
  const headers = signRequest(
    { method: 'GET', url, headers: {}, payloadHash: 'UNSIGNED-PAYLOAD' },
    { accessKey, secretKey },
    { region: 'us-east-1', service: 's3' },
  );
  const upstream = request(url, { headers }, (answer) => {
    res.writeHead(answer.statusCode, {
      'content-type': answer.headers['content-type'] ?? 'application/octet-stream',
      'content-length': answer.headers['content-length'],
    });
    answer.pipe(res);
  });
  upstream.on('error', () => res.destroy());
  upstream.end();
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
`;

/** The bare proxy in front of `storeUrl`, signing as `credentials`. */
export async function startBareProxyProcess(storeUrl, credentials) {
  const port = await freePort();
  const close = await startNodeChild(CHILD, [
    String(port),
    storeUrl,
    credentials.accessKey,
    credentials.secretKey,
  ]);
  return { url: `http://127.0.0.1:${port}`, close };
}
