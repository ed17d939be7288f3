// The ceiling for any Node server on this machine: node:http keeping bodies in a Map, with
// no signature check, no disk and no XML. A server that does real work can only approach it.
import { startNodeChild } from './node-child.mjs';
import { freePort } from './ports.mjs';

const CHILD = `
import { createServer } from 'node:http';
const objects = new Map();
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'PUT') {
      objects.set(req.url, Buffer.concat(chunks));
      res.setHeader('ETag', '"0"');
      res.end();
    } else {
      const body = objects.get(req.url);
      res.statusCode = body ? 200 : 404;
      res.end(body);
    }
  });
});
server.listen(Number(process.argv[1]), '127.0.0.1', () => console.log('ready'));
`;

export async function startBareHttpProcess(opts = {}) {
  const port = await freePort();
  const close = await startNodeChild(CHILD, [String(port)], opts);
  return { url: `http://127.0.0.1:${port}`, close };
}
