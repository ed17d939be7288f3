// The least a durable four-drive store must do for a small PUT, as a Node server: node:http,
// the MD5 of the body (S3's ETag) and one record of the store's size made durable on each of
// four drives, in one LMDB environment per drive opened as the store opens its indexes
// (packages/store/src/engine/fs/drive-index.ts). No signature, no erasure coding, no
// checksums, no record encoding, no reading of what the key held before, no usage counters.
// A GET reads two drives' halves back. A store that does all of that can only approach it.
import { startNodeChild } from './node-child.mjs';
import { freePort } from './ports.mjs';

// What the store writes on each drive for a 4 KiB object under EC 2+2: its 2 KiB shard
// inline in a metadata record of this many bytes (measured on the store).
export const RECORD_BYTES = 2416;

const CHILD = `
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { open } from 'lmdb';
const [port, dir, recordBytes] = process.argv.slice(1);
const drives = [1, 2, 3, 4].map((d) =>
  open({ path: dir + '/drive' + d, maxDbs: 8, compression: false, cache: false, keyEncoding: 'binary', overlappingSync: false })
    .openDB({ name: 'objects', encoding: 'binary', keyEncoding: 'binary' }),
);
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    const key = Buffer.from(req.url);
    if (req.method === 'PUT') {
      const body = Buffer.concat(chunks);
      const etag = createHash('md5').update(body).digest('hex');
      const half = Math.ceil(body.length / 2);
      const records = [0, 1, 2, 3].map((d) => {
        const record = Buffer.alloc(Number(recordBytes));
        body.copy(record, 0, (d % 2) * half, (d % 2) * half + half);
        return record;
      });
      try {
        await Promise.all(drives.map((db, d) => db.put(key, records[d])));
        res.setHeader('ETag', '"' + etag + '"');
        res.end();
      } catch {
        res.statusCode = 500;
        res.end();
      }
    } else {
      const [a, b] = [drives[0].get(key), drives[1].get(key)];
      res.statusCode = a && b ? 200 : 404;
      res.end(a && b ? Buffer.concat([a.subarray(0, 2048), b.subarray(0, 2048)]) : undefined);
    }
  });
});
server.listen(Number(port), '127.0.0.1', () => console.log('ready'));
`;

/** Starts the floor server on a free port, its four drives under `dir`. */
export async function startDurableIndexProcess(dir, opts = {}) {
  const port = await freePort();
  const close = await startNodeChild(CHILD, [String(port), dir, String(RECORD_BYTES)], opts);
  return { url: `http://127.0.0.1:${port}`, close };
}
