// Issue #3: resident memory of the store while one large object streams in and out.
// Limit: 300 MiB. Size via BENCH_BIG_GIB (default 5).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { machine, writeSection } from './report.mjs';
import { s3For } from './s3-client.mjs';
import { source } from './source.mjs';
import { startStoreProcess } from './store-process.mjs';

const GIB = Number(process.env.BENCH_BIG_GIB ?? 5);
const SIZE = Math.floor(GIB * 2 ** 30);
const LIMIT_MIB = 300;
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };

/** Peak resident set of a process (VmHWM), from /proc (Linux). */
function peakRssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) / 1024;
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-big-'));
try {
  const store = await startStoreProcess(
    [1, 2, 3, 4].map((n) => join(dir, `drive${n}`)),
    ROOT,
  );
  const s3 = s3For(store.url, ROOT);
  await s3.send(new CreateBucketCommand({ Bucket: 'big' }));
  const sent = createHash('sha256');
  // Hash on the way through; a 'data' listener would drain the stream before the SDK reads it.
  const body = source(SIZE).pipe(
    new Transform({
      transform(chunk, _enc, done) {
        sent.update(chunk);
        done(null, chunk);
      },
    }),
  );
  const t0 = Date.now();
  // One PUT: 5 GiB is the largest single PUT S3 allows, and the worst case for buffering.
  await s3.send(new PutObjectCommand({ Bucket: 'big', Key: 'blob', Body: body, ContentLength: SIZE }));
  const putSeconds = (Date.now() - t0) / 1000;
  const got = createHash('sha256');
  const t1 = Date.now();
  const res = await s3.send(new GetObjectCommand({ Bucket: 'big', Key: 'blob' }));
  for await (const part of res.Body) got.update(part);
  const getSeconds = (Date.now() - t1) / 1000;
  // The kernel keeps the high-water mark, so one reading at the end sees the peak.
  const hwm = peakRssMiB(store.pid);
  const same = sent.digest('hex') === got.digest('hex');
  s3.destroy();
  await store.close();
  writeSection(
    'big-stream',
    `## Memory while a ${GIB} GiB object streams in and out (issue #3)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; one streamed PutObject, then
one GetObject (@aws-sdk/client-s3); the store's peak resident set from /proc.

| figure | value | limit | ratio |
|---|---|---|---|
| store peak RSS | ${hwm.toFixed(0)} MiB | ${LIMIT_MIB} MiB | **${(hwm / LIMIT_MIB).toFixed(2)}** |
| PUT throughput | ${(SIZE / 2 ** 20 / putSeconds).toFixed(0)} MiB/s | | |
| GET throughput | ${(SIZE / 2 ** 20 / getSeconds).toFixed(0)} MiB/s | | |
| bytes read back identical | ${same ? 'yes' : '**no**'} | | |
`,
  );
  console.log(`peak RSS ${hwm.toFixed(0)} MiB; identical: ${same}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
