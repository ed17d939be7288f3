// Issue #3, erasure sets: what a second set costs. The same work against a store on 32 drives
// (two sets of 16, EC 12+4 each, as `minio server` makes them) and one on 16 drives (one set,
// EC 12+4), in alternate runs on the same disk: 4 KiB PUTs and GETs at 32 clients, and a
// 1000-key ListObjectsV2 page. An object is written to one set either way; a page merges a
// page of each set.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leanClient } from './lean-s3.mjs';
import { opsPerSecond as loadOps } from './load.mjs';
import { machine, median, writeSection } from './report.mjs';
import { settleDisk } from './settle.mjs';
import { startStoreProcess } from './store-process.mjs';

const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };
const OBJECTS = Number(process.env.BENCH_SETS_OBJECTS ?? 4000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGES = 20;
const CLIENTS = 32;
const body = randomBytes(4096);

const opsPerSecond = (count, op) => loadOps(count, CLIENTS, op);

async function measure(drives) {
  const dir = await mkdtemp(join(tmpdir(), 'stowage-sets-'));
  try {
    const store = await startStoreProcess(
      Array.from({ length: drives }, (_, i) => join(dir, `d${i}`)),
      ROOT,
    );
    const s3 = leanClient(store.url, ROOT, { sockets: CLIENTS });
    try {
      await s3.createBucket('sets');
      // Warm-up (connections, the JIT), then the measured runs.
      await opsPerSecond(1000, (i) => s3.put('sets', `warm/${i}`, body));
      await opsPerSecond(1000, (i) => s3.get('sets', `warm/${i}`));
      await settleDisk();
      const put = await opsPerSecond(OBJECTS, (i) => s3.put('sets', `k/${String(i).padStart(6, '0')}`, body));
      const get = await opsPerSecond(OBJECTS, (i) => s3.get('sets', `k/${String(i).padStart(6, '0')}`));
      const pages = [];
      for (let p = 0; p < PAGES; p++) {
        const t = process.hrtime.bigint();
        const xml = (await s3.listV2('sets', 'max-keys=1000&prefix=k%2F')).toString();
        pages.push(Number(process.hrtime.bigint() - t) / 1e6);
        if ((xml.match(/<Key>/g) ?? []).length !== 1000) throw new Error('short page');
      }
      return { put, get, list: median(pages) };
    } finally {
      s3.close();
      await store.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const runs = { one: [], two: [] };
for (let r = 0; r < ROUNDS; r++) {
  runs.one.push(await measure(16));
  runs.two.push(await measure(32));
  console.log(`round ${r + 1}:`, JSON.stringify({ one: runs.one.at(-1), two: runs.two.at(-1) }));
}
const med = (side, k) => median(runs[side].map((x) => x[k]));
const ratios = (k) => runs.two.map((x, i) => x[k] / runs.one[i][k]);
const range = (k) => `${Math.min(...ratios(k)).toFixed(2)}–${Math.max(...ratios(k)).toFixed(2)}`;
const row = (name, k, unit, digits = 0) =>
  `| ${name} | ${med('two', k).toFixed(digits)} ${unit} | ${med('one', k).toFixed(digits)} ${unit} | **${median(ratios(k)).toFixed(2)}** (${range(k)}) |`;

writeSection(
  'sets',
  `## Erasure sets: 32 drives (two sets of 16) against 16 drives (one set) (issue #3)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; \`stowage server\` on 32 drive
folders (two sets of 16) and on 16 (one set), EC 12+4 either way, each in its own process on
the same disk, in ${ROUNDS} alternate rounds: medians, the ratio's lowest and highest round in
brackets. ${OBJECTS} PUTs then ${OBJECTS} GETs of 4 KiB at ${CLIENTS} clients (lean SigV4 client,
bench/src/lean-s3.mjs), after a warm-up of 1000 of each; then ${PAGES} ListObjectsV2 pages of
1000 keys. A key is written to and read from its own set of 16 either way. A PUT commits to
the indexes of its set's drives, and concurrent PUTs share a commit (one fsync per drive):
split over two sets, each commit carries half as many. A listing page merges a full page
from each set, as MinIO's sets do (a set may hold every key of the page). No target: the
figures say what a second set costs.

| operation | 32 drives, 2 sets | 16 drives, 1 set | ratio (2 sets / 1) |
|---|---|---|---|
${row('PUT 4 KiB', 'put', 'ops/s')}
${row('GET 4 KiB', 'get', 'ops/s')}
${row('ListObjectsV2, 1000 keys', 'list', 'ms', 1)}`,
);
