// Issue #2 slice: 1 MiB PUT/GET through the store against raw writes/reads of the same disk,
// and a console login against the STS call it wraps. Run from the repository root after a build:
//   npm run bench
import { randomBytes } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startConsole } from '@stowage/console-api';
import { assumeRole } from '@stowage/madmin';
import { machine, writeSection } from './report.mjs';
import { startStoreProcess } from './store-process.mjs';

const OBJECTS = 64;
const SIZE = 1024 * 1024;
const CONCURRENCY = 4;
const LOGINS = 40;
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };

async function pool(count, worker) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await worker(next++);
    }),
  );
}

async function timed(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e9;
}

const mibps = (seconds) => (OBJECTS * SIZE) / 2 ** 20 / seconds;
const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const dir = await mkdtemp(join(tmpdir(), 'stowage-bench-'));
const payload = randomBytes(SIZE);
try {
  // Raw disk: what the store does at minimum for each object (write + fsync, then read).
  const rawWrite = await timed(() =>
    pool(OBJECTS, async (i) => {
      const fh = await open(join(dir, `raw-${i}`), 'w');
      await fh.writeFile(payload);
      await fh.sync();
      await fh.close();
    }),
  );
  const rawRead = await timed(() => pool(OBJECTS, (i) => readFile(join(dir, `raw-${i}`))));

  const drives = [1, 2, 3, 4].map((n) => join(dir, `drive${n}`));
  // The store runs as users run it, in its own process, so client work does not share its loop.
  const store = await startStoreProcess(drives, ROOT);
  const s3 = new S3Client({
    endpoint: store.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
  });
  await s3.send(new CreateBucketCommand({ Bucket: 'bench' }));
  const put = await timed(() =>
    pool(OBJECTS, (i) => s3.send(new PutObjectCommand({ Bucket: 'bench', Key: `obj-${i}`, Body: payload }))),
  );
  const get = await timed(() =>
    pool(OBJECTS, async (i) => {
      const res = await s3.send(new GetObjectCommand({ Bucket: 'bench', Key: `obj-${i}` }));
      await res.Body.transformToByteArray();
    }),
  );

  // Login: the console's POST /login against the bare STS AssumeRole it performs.
  const consoleApp = await startConsole({ serverUrl: store.url, port: 0 });
  const sts = [];
  const logins = [];
  for (let i = 0; i < LOGINS; i++) {
    sts.push(await timed(() => assumeRole({ endpoint: store.url, credentials: ROOT })));
    logins.push(
      await timed(async () => {
        const res = await fetch(`${consoleApp.url}/api/v1/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ROOT),
        });
        if (res.status !== 204) throw new Error(`login ${res.status}`);
      }),
    );
  }
  await consoleApp.close();
  s3.destroy();
  await store.close();

  const row = (name, store, raw) =>
    `| ${name} | ${store.toFixed(0)} MiB/s | ${raw.toFixed(0)} MiB/s | **${(store / raw).toFixed(2)}** |`;
  const ms = (s) => `${(s * 1000).toFixed(1)} ms`;
  writeSection(
    'slice',
    `## Store slice and console login (issue #2)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${OBJECTS} objects of 1 MiB,
${CONCURRENCY} concurrent clients (@aws-sdk/client-s3) in one process and \`stowage server\` in another,
data on the same disk as the raw run.
The store writes each object to one drive here (erasure coding arrives with issue #3), so
these are the slice's figures, not the erasure-coded target of 0.5 × raw.

| operation | store | raw disk (same run) | ratio |
|---|---|---|---|
${row('PUT 1 MiB (write + fsync)', mibps(put), mibps(rawWrite))}
${row('GET 1 MiB (read)', mibps(get), mibps(rawRead))}

| login | p50 | p99 | ratio of p50 |
|---|---|---|---|
| STS AssumeRole, direct | ${ms(percentile(sts, 0.5))} | ${ms(percentile(sts, 0.99))} | 1.00 |
| console POST /api/v1/login (AssumeRole + AccountInfo + session) | ${ms(percentile(logins, 0.5))} | ${ms(percentile(logins, 0.99))} | **${(percentile(logins, 0.5) / percentile(sts, 0.5)).toFixed(2)}** |
`,
  );
  console.log(
    `PUT ${mibps(put).toFixed(0)} MiB/s vs raw ${mibps(rawWrite).toFixed(0)}; GET ${mibps(get).toFixed(0)} vs raw ${mibps(rawRead).toFixed(0)}`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
