// Issue 40, one multipart/form-data parser: parsing throughput of a 256 MiB single-file form,
// @stowage/multipart (the parser the store's POST uploads and the console's uploads share)
// against busboy 1.6 (the console's parser before it), in the same process and run. The form
// arrives in 64 KiB chunks, as from a socket; each parser hands the file's bytes to a
// consumer that only counts them. Rounds alternate the two parsers; medians of MiB/s.
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { MultipartReader } from '@stowage/multipart';
import busboy from 'busboy';
import { machine, median, writeSection } from './report.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SIZE = 256 * 1024 * 1024;
const CHUNK = 64 * 1024;
const BOUNDARY = '----WebKitFormBoundaryu7Rk3Lr0bQWxj3vZ';

// Random-looking bytes, so neither parser gets an easy search; the same buffer each chunk.
const payload = Buffer.alloc(CHUNK);
for (let i = 0, x = 7; i < CHUNK; i++) {
  x = (x * 1103515245 + 12345) >>> 0;
  payload[i] = x >>> 24;
}
const head = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n',
);
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

function* chunks() {
  yield head;
  for (let sent = 0; sent < SIZE; sent += CHUNK) yield payload;
  yield tail;
}
const source = () => Readable.from(chunks(), { objectMode: false });

async function ours() {
  const reader = new MultipartReader(source(), { boundary: BOUNDARY });
  let bytes = 0;
  for await (const part of reader) {
    if (part.type !== 'file') continue;
    part.body.on('data', (c) => (bytes += c.length));
    await finished(part.body);
  }
  return bytes;
}

function theirs() {
  return new Promise((resolve, reject) => {
    const form = busboy({ headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
    let bytes = 0;
    form.on('file', (_name, file) => file.on('data', (c) => (bytes += c.length)));
    form.on('close', () => resolve(bytes));
    form.on('error', reject);
    source().pipe(form);
  });
}

async function measure(parse) {
  const start = performance.now();
  const bytes = await parse();
  if (bytes !== SIZE) throw new Error(`parsed ${bytes} bytes of ${SIZE}`);
  return SIZE / 2 ** 20 / ((performance.now() - start) / 1000);
}

const runs = { ours: [], busboy: [] };
// A first round each, not counted: the JIT settles.
await measure(ours);
await measure(theirs);
for (let round = 0; round < ROUNDS; round++) {
  runs.ours.push(await measure(ours));
  runs.busboy.push(await measure(theirs));
}
const [a, b] = [median(runs.ours), median(runs.busboy)];
const mib = (v) => `${Math.round(v)} MiB/s`;
writeSection(
  'multipart',
  `## Parsing a 256 MiB multipart/form-data upload: @stowage/multipart against busboy (issue 40)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${ROUNDS} rounds each,
alternating, in one process, after an uncounted warm-up round each. One file part of 256 MiB
in 64 KiB chunks; each parser's file stream is read by a 'data' listener that counts the
bytes. Medians.

| parser | throughput |
|---|---|
| @stowage/multipart (store POST and console uploads) | ${mib(a)} |
| busboy 1.6 (the console's parser before) | ${mib(b)} |
| **ratio @stowage/multipart / busboy** | **${(a / b).toFixed(2)}** |`,
);
console.log(`multipart ${mib(a)}, busboy ${mib(b)}, ratio ${(a / b).toFixed(2)}`);
