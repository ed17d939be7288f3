// Issue 41: a selection (two big files and a folder of many small ones) downloaded through the
// console as one ZIP. The ZIP is written while the folder's listing is still read, one object
// open at a time, so the console's memory must stay flat whatever the selection's size: the
// figure is its RSS growth during the download as a share of the bytes streamed, next to the
// same bytes read straight from the store in the same run. Size via BENCH_ZIP_GIB (default 2).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { login, startConsole } from './console-process.mjs';
import { machine, writeSection } from './report.mjs';
import { s3For } from './s3-client.mjs';
import { source } from './source.mjs';
import { startStoreProcess } from './store-process.mjs';

const GIB = Number(process.env.BENCH_ZIP_GIB ?? 2);
const MIB = 2 ** 20;
const BIG = Math.floor((GIB * 2 ** 30) / 4); // two files, each a quarter of the selection
const SMALL_COUNT = Math.floor((GIB * 2 ** 30) / 2 / MIB); // the folder: the other half in 1 MiB objects
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };
const rssMiB = (pid) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) / 1024;

async function timed(work) {
  const t0 = Date.now();
  await work();
  return (Date.now() - t0) / 1000;
}

/** Entries in a ZIP's end-of-central-directory record (ZIP64's when the archive needs it). */
function entryCount(tail) {
  const z64 = tail.lastIndexOf(Buffer.from('504b0606', 'hex'));
  if (z64 >= 0) return Number(tail.readBigUInt64LE(z64 + 32));
  const eocd = tail.lastIndexOf(Buffer.from('504b0506', 'hex'));
  return eocd >= 0 ? tail.readUInt16LE(eocd + 10) : -1;
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-console-zip-'));
try {
  const store = await startStoreProcess(
    [1, 2, 3, 4].map((n) => join(dir, `drive${n}`)),
    ROOT,
  );
  const consoleApp = await startConsole(store.url);
  const s3 = s3For(store.url, ROOT);
  await s3.send(new CreateBucketCommand({ Bucket: 'zip' }));
  const put = (Key, size) =>
    s3.send(new PutObjectCommand({ Bucket: 'zip', Key, Body: source(size), ContentLength: size }));
  await put('sel/a.bin', BIG);
  await put('sel/b.bin', BIG);
  let next = 0;
  const worker = async () => {
    while (next < SMALL_COUNT) await put(`sel/many/${String(next++).padStart(5, '0')}.bin`, MIB);
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const total = 2 * BIG + SMALL_COUNT * MIB;

  // The peer: the same objects read straight from the store, one after another.
  const direct = await timed(async () => {
    for (const key of ['sel/a.bin', 'sel/b.bin']) {
      const res = await s3.send(new GetObjectCommand({ Bucket: 'zip', Key: key }));
      for await (const _ of res.Body);
    }
    for (let i = 0; i < SMALL_COUNT; i++) {
      const res = await s3.send(
        new GetObjectCommand({ Bucket: 'zip', Key: `sel/many/${String(i).padStart(5, '0')}.bin` }),
      );
      for await (const _ of res.Body);
    }
  });

  const who = await login(consoleApp.url, ROOT);
  const prepared = await fetch(`${consoleApp.url}/api/v1/buckets/zip/objects/download-selection`, {
    method: 'POST',
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ prefix: 'sel/', keys: ['sel/a.bin', 'sel/b.bin'], prefixes: ['sel/many/'] }),
  });
  if (prepared.status !== 200) throw new Error(`prepare ${prepared.status} ${await prepared.text()}`);
  const { token } = await prepared.json();
  const before = rssMiB(consoleApp.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(consoleApp.pid));
  }, 100);
  let streamed = 0;
  let tail = Buffer.alloc(0);
  // RSS at each quarter of the bytes: flat means the second half adds nothing to the first.
  const quarters = [];
  const zipped = await timed(async () => {
    const res = await fetch(`${consoleApp.url}/api/v1/buckets/zip/objects/download-selection/${token}`, {
      headers: { cookie: who.cookie },
    });
    if (res.status !== 200) throw new Error(`download ${res.status}`);
    for await (const part of res.body) {
      streamed += part.length;
      if (streamed >= ((quarters.length + 1) * total) / 4) quarters.push(rssMiB(consoleApp.pid));
      tail = Buffer.concat([tail, part]).subarray(-65536);
    }
  });
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(consoleApp.pid));
  const entries = entryCount(tail);
  s3.destroy();
  await consoleApp.close();
  await store.close();
  const growth = peak - before;
  const half = quarters.length >= 4 ? quarters[3] - quarters[1] : Number.NaN;
  const complete = entries === SMALL_COUNT + 2 && streamed > total;
  writeSection(
    'console-zip',
    `## A ${GIB} GiB selection downloaded as one ZIP through the console (issue 41)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}. The console runs as its own
process in front of the store. The selection is two files of ${(BIG / MIB).toFixed(0)} MiB and a folder
of ${SMALL_COUNT} objects of 1 MiB, named by \`POST …/objects/download-selection\` and streamed by
\`GET …/objects/download-selection/{token}\`; the console's RSS is sampled every 100 ms. The peer is
the same objects read straight from the store (@aws-sdk/client-s3 GetObject, one after another).

| figure | console | peer or reference | ratio |
|---|---|---|---|
| console RSS growth during the ZIP | ${growth.toFixed(0)} MiB (${before.toFixed(0)} → ${peak.toFixed(0)} MiB) | ${(streamed / MIB).toFixed(0)} MiB streamed | **${(growth / (streamed / MIB)).toFixed(3)}** |
| RSS at 25 / 50 / 75 / 100 % of the bytes | ${quarters.map((q) => q.toFixed(0)).join(' / ')} MiB | growth over the second half: ${half.toFixed(0)} MiB for ${(total / 2 / MIB).toFixed(0)} MiB | **${(half / (total / 2 / MIB)).toFixed(3)}** |
| throughput | ${(streamed / MIB / zipped).toFixed(0)} MiB/s | ${(total / MIB / direct).toFixed(0)} MiB/s direct GETs | **${(direct / zipped).toFixed(2)}** |
| ZIP complete (${SMALL_COUNT + 2} entries, ZIP64 where needed) | ${complete ? 'yes' : `**no** (${entries} entries)`} | | |
`,
  );
  console.log(
    `RSS ${before.toFixed(0)} -> ${peak.toFixed(0)} MiB (quarters ${quarters.map((q) => q.toFixed(0)).join('/')}) over ${(streamed / MIB).toFixed(0)} MiB; zip ${zipped}s vs direct ${direct}s; entries ${entries}`,
  );
  if (!complete) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
