// Issue #3: a 1000-key ListObjectsV2 page in a bucket of 1,000,000 objects against the same
// page in a bucket of 1,000, in one store, measured in one run. Target: at most 2x (the cost
// of a page follows the page, not the bucket).
//
// The million objects are seeded straight into the drives' indexes (seed-index.mjs).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { leanClient } from './lean-s3.mjs';
import { machine, median, writeSection } from './report.mjs';
import { seedRecords } from './seed-index.mjs';
import { startStoreProcess } from './store-process.mjs';

const BIG = Number(process.env.BENCH_LIST_OBJECTS ?? 1_000_000);
const SMALL = 1000;
const ROUNDS = Number(process.env.BENCH_LIST_ROUNDS ?? 30);
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };
// Ten top-level folders, so a delimiter listing rolls each up into one common prefix. The
// big bucket spreads its keys over them; the small one keeps its 1000 in d3/ (so a folder
// page is 1000 keys there too) and one key in each other folder.
const pad = (i, n) => String(i).padStart(String(n).length, '0');
const bigKey = (i) => `d${i % 10}/obj-${pad(i, BIG)}`;
const smallKeys = [
  ...Array.from({ length: SMALL }, (_, i) => `d3/obj-${pad(i, SMALL)}`),
  ...[0, 1, 2, 4, 5, 6, 7, 8, 9].map((d) => `d${d}/obj-0`),
];

async function timePage(s3, bucket, query) {
  const times = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = process.hrtime.bigint();
    const body = await s3.listV2(bucket, query);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (!body.includes('<ListBucketResult')) throw new Error('not a listing');
  }
  return median(times);
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-list-'));
try {
  const drives = [1, 2, 3, 4].map((n) => join(dir, `drive${n}`));
  let store = await startStoreProcess(drives, ROOT);
  let s3 = leanClient(store.url, ROOT, { sockets: 1 });
  for (const bucket of ['big', 'small']) {
    await s3.createBucket(bucket);
    await s3.put(bucket, 'template', Buffer.from('x'));
  }
  s3.close();
  await store.close();
  const t0 = Date.now();
  await seedRecords(drives, 'big', BIG, bigKey);
  await seedRecords(drives, 'small', smallKeys.length, (i) => smallKeys[i]);
  const seedSeconds = (Date.now() - t0) / 1000;

  store = await startStoreProcess(drives, ROOT);
  s3 = leanClient(store.url, ROOT, { sockets: 1 });
  const cases = [
    { name: 'first page (max-keys 1000)', query: () => 'max-keys=1000' },
    {
      // The big bucket from its middle; the small one from its first key (a full page remains).
      name: 'page after a start-after key',
      query: (big) => `max-keys=1000&start-after=${encodeURIComponent(big ? bigKey(BIG / 2) : 'd0/obj-0')}`,
    },
    { name: 'one folder (prefix d3/)', query: () => 'max-keys=1000&prefix=d3%2F' },
    { name: 'top level, delimiter / (10 folders)', query: () => 'max-keys=1000&delimiter=%2F' },
  ];
  const rows = [];
  for (const c of cases) {
    await timePage(s3, 'big', c.query(true)); // warm-up
    const big = await timePage(s3, 'big', c.query(true));
    const small = await timePage(s3, 'small', c.query(false));
    rows.push({ name: c.name, big, small });
    console.log(`${c.name}: ${big.toFixed(2)} ms vs ${small.toFixed(2)} ms`);
  }
  s3.close();
  await store.close();

  const ms = (x) => `${x.toFixed(1)} ms`;
  writeSection(
    'list',
    `## A 1000-key ListObjectsV2 page: ${BIG.toLocaleString('en')} objects against ${SMALL.toLocaleString('en')} (issue #3)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; one \`stowage server\` (4 drives, EC 2+2)
holding both buckets, a lean SigV4 client; median of ${ROUNDS} requests each, after a warm-up.
Keys sit in ten folders; the small bucket keeps its 1000 keys in d3/ so that every page holds
1000 entries in both (the delimiter page: 10 folders in both).
The big bucket's records were written straight into the drives' indexes (${seedSeconds.toFixed(0)} s), as copies of
one object's records. Target: at most 2x.

| page | ${BIG.toLocaleString('en')} objects | ${SMALL.toLocaleString('en')} objects | ratio |
|---|---|---|---|
${rows.map((r) => `| ${r.name} | ${ms(r.big)} | ${ms(r.small)} | **${(r.big / r.small).toFixed(2)}** |`).join('\n')}
`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
