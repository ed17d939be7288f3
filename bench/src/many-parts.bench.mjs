// Issue #3 (scale): the cost of one UploadPart late in a 10,000-part upload (the most S3
// allows) against the same call early in it, measured in one run. Each part is an index
// entry of its own, so a part should cost the same whatever came before it: target at most
// 1.5x. The store's resident memory is reported beside it, and what an abort of the whole
// upload costs against an abort of a one-part upload.

import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leanClient } from './lean-s3.mjs';
import { machine, median, writeSection } from './report.mjs';
import { startStoreProcess } from './store-process.mjs';

const PARTS = Number(process.env.BENCH_PARTS ?? 10_000);
const WINDOW = 500;
const AT_ONCE = 4;
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };
const body = Buffer.alloc(1024, 7);

const rssMiB = (pid) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) / 1024;

async function initiate(s3, key) {
  const xml = (await s3.send('POST', `/parts/${key}?uploads`)).toString();
  const id = xml.match(/<UploadId>([^<]+)<\/UploadId>/)?.[1];
  if (!id) throw new Error(`no upload id in ${xml}`);
  return id;
}

/** Uploads parts from..to (inclusive), AT_ONCE at a time; ms per part. */
async function uploadParts(s3, key, id, from, to) {
  let next = from;
  const t = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next <= to) {
        const n = next++;
        await s3.send('PUT', `/parts/${key}?partNumber=${n}&uploadId=${id}`, body);
      }
    }),
  );
  return Number(process.hrtime.bigint() - t) / 1e6 / (to - from + 1);
}

async function timedAbort(s3, key, id) {
  const t = process.hrtime.bigint();
  await s3.send('DELETE', `/parts/${key}?uploadId=${id}`);
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-parts-'));
try {
  const drives = [1, 2, 3, 4].map((n) => join(dir, `drive${n}`));
  const store = await startStoreProcess(drives, ROOT);
  const s3 = leanClient(store.url, ROOT, { sockets: AT_ONCE });
  await s3.createBucket('parts');
  // Warm-up, then the measured upload.
  const warm = await initiate(s3, 'warm');
  await uploadParts(s3, 'warm', warm, 1, WINDOW);
  await timedAbort(s3, 'warm', warm);
  const rssBefore = rssMiB(store.pid);
  const id = await initiate(s3, 'big');
  const windows = [];
  for (let from = 1; from <= PARTS; from += WINDOW) {
    const to = Math.min(PARTS, from + WINDOW - 1);
    windows.push({ from, to, ms: await uploadParts(s3, 'big', id, from, to) });
  }
  const rssAfter = rssMiB(store.pid);
  const listT = process.hrtime.bigint();
  const listed = (
    await s3.send('GET', `/parts/big?uploadId=${id}&max-parts=1000&part-number-marker=${PARTS - 1000}`)
  ).toString();
  const listMs = Number(process.hrtime.bigint() - listT) / 1e6;
  if (!listed.includes(`<PartNumber>${PARTS}</PartNumber>`))
    throw new Error('ListParts misses the last part');
  const small = await initiate(s3, 'small');
  await uploadParts(s3, 'small', small, 1, 1);
  const abortOne = median([await timedAbort(s3, 'small', small)]);
  const abortAll = await timedAbort(s3, 'big', id);
  s3.close();
  await store.close();

  const first = windows.slice(0, 2).map((w) => w.ms);
  const last = windows.slice(-2).map((w) => w.ms);
  const early = median(first);
  const late = median(last);
  for (const w of windows) console.log(`parts ${w.from}-${w.to}: ${w.ms.toFixed(2)} ms/part`);
  const ms = (x) => `${x.toFixed(2)} ms`;
  writeSection(
    'many-parts',
    `## UploadPart late in a 10,000-part upload (issue #3)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; \`stowage server\` on 4 drive folders (EC 2+2), one
upload of ${PARTS} parts of 1 KiB, ${AT_ONCE} at a time, through the lean SigV4 client (bench/src/lean-s3.mjs).
Each figure is the median over windows of ${WINDOW} parts: the first two windows against the last two.
Target: at most 1.5x (a part's cost follows the part, not the upload). Before upload records
version 3, when every part sat in the upload's one record, a part at 10,000 cost about 200 ms of CPU.

| | early (parts 1–${2 * WINDOW}) | late (parts ${PARTS - 2 * WINDOW + 1}–${PARTS}) | ratio |
|---|---|---|---|
| UploadPart, wall time per part | ${ms(early)} | ${ms(late)} | **${(late / early).toFixed(2)}** |

Store resident memory: ${rssBefore.toFixed(0)} MiB before the upload, ${rssAfter.toFixed(0)} MiB after its ${PARTS} parts.
ListParts of the last 1000 parts: ${ms(listMs)}. AbortMultipartUpload of the ${PARTS}-part upload: ${ms(abortAll)}
(of a 1-part upload: ${ms(abortOne)}).`,
  );
  console.log(
    `early ${ms(early)} late ${ms(late)} ratio ${(late / early).toFixed(2)}; rss ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MiB; abort ${ms(abortAll)}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
