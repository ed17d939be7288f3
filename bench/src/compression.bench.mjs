// Issue #3 (compression subsystem): PUT and GET of compressible 4 MiB text objects with
// compression on against the same objects with it off, in one store and one run, and the
// bytes the drives hold for each. Compression trades CPU for disk: the figures say how much.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MadminClient } from '@stowage/madmin';
import { leanClient } from './lean-s3.mjs';
import { machine, median, writeSection } from './report.mjs';
import { startStoreProcess } from './store-process.mjs';

const MiB = 2 ** 20;
const SIZE = 4 * MiB;
const COUNT = Number(process.env.BENCH_COMPRESSION_COUNT ?? 48);
const CONCURRENCY = 4;
const ROUNDS = 3;
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };

/** Log-like text: compresses about as server logs do. */
function logText(bytes, seed) {
  const lines = [];
  let n = 0;
  for (let i = 0; n < bytes; i++) {
    const hash = createHash('md5').update(`${seed}/${i}`).digest('hex').slice(0, 12);
    const line = `2026-11-27T02:${String(i % 60).padStart(2, '0')}:00Z INFO request id=${hash} path=/api/v1/items/${i % 977} status=200 took=${i % 97}ms\n`;
    lines.push(line);
    n += line.length;
  }
  return Buffer.from(lines.join('').slice(0, bytes));
}

async function pool(count, worker) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await worker(next++);
    }),
  );
}

async function mibps(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return (COUNT * SIZE) / MiB / (Number(process.hrtime.bigint() - t) / 1e9);
}

/** Bytes under the drives' bucket folders (shard files; these objects are never inline). */
function storedBytes(drives) {
  const out = execFileSync('du', ['-sb', ...drives.map((d) => join(d, 'bench'))]).toString();
  return out
    .split('\n')
    .filter(Boolean)
    .reduce((sum, line) => sum + Number(line.split('\t')[0]), 0);
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-compression-'));
try {
  const drives = [1, 2, 3, 4].map((n) => join(dir, `drive${n}`));
  const store = await startStoreProcess(drives, ROOT);
  const s3 = leanClient(store.url, ROOT, { sockets: CONCURRENCY, unsignedPayload: true });
  const admin = new MadminClient({ endpoint: store.url, credentials: ROOT });
  await s3.createBucket('bench');
  const bodies = Array.from({ length: 8 }, (_, i) => logText(SIZE, i));
  const results = { on: { put: [], get: [], stored: [] }, off: { put: [], get: [], stored: [] } };
  for (let r = 0; r < ROUNDS; r++) {
    for (const mode of ['off', 'on']) {
      await admin.config.setKV(`compression enable=${mode}`);
      const key = (i) => `${mode}/${r}/${i}.log`;
      const before = storedBytes(drives);
      results[mode].put.push(
        await mibps(() => pool(COUNT, (i) => s3.upload('bench', key(i), bodies[i % 8]))),
      );
      results[mode].stored.push(storedBytes(drives) - before);
      results[mode].get.push(await mibps(() => pool(COUNT, (i) => s3.download('bench', key(i)))));
    }
  }
  s3.close();
  await store.close();
  const on = (op) => median(results.on[op]);
  const off = (op) => median(results.off[op]);
  const row = (op) =>
    `| ${op.toUpperCase()} | ${on(op).toFixed(0)} MiB/s | ${off(op).toFixed(0)} MiB/s | **${(on(op) / off(op)).toFixed(2)}** |`;
  const mb = (b) => `${(b / MiB).toFixed(1)} MiB`;
  writeSection(
    'compression',
    `## Compression on against off (compression subsystem)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; \`stowage server\` on 4 drive folders (EC 2+2), ${COUNT} log-like
text objects of 4 MiB per phase, ${CONCURRENCY} at a time, through the lean SigV4 client (UNSIGNED-PAYLOAD), with
\`compression enable=on\` and \`enable=off\` in turn, ${ROUNDS} rounds, medians. Compression is deflate at its fastest
level, in independent 4 MiB blocks (so that a range reads only its blocks), on the file-system thread pool. It trades the
store's CPU for disk bytes; there is no target, the figures say what the trade is.

| operation | compression on | off | ratio |
|---|---|---|---|
${row('put')}
${row('get')}
| bytes on the drives for ${COUNT} objects | ${mb(on('stored'))} | ${mb(off('stored'))} | **${(on('stored') / off('stored')).toFixed(2)}** |`,
  );
  console.log(row('put'));
  console.log(row('get'));
  console.log(on('stored'), off('stored'));
} finally {
  await rm(dir, { recursive: true, force: true });
}
