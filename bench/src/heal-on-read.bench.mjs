// Issue #37, heal on read: how long the heal-on-read queue takes to drain after one read of
// each of 200 objects (200 KiB each, EC 2+2 on 4 drives), with every shard file of one drive
// corrupted (bitrot), against the time those 200 reads took. The same on an undamaged store
// shows what the background check of the unread shards alone costs. Drained means the
// admin API's background heal status (its MRF entry) shows nothing pending; polled every 20 ms.
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MadminClient } from '@stowage/madmin';
import { leanClient } from './lean-s3.mjs';
import { machine, median, writeSection } from './report.mjs';
import { settleDisk } from './settle.mjs';
import { startStoreProcess } from './store-process.mjs';

const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };
const N = Number(process.env.BENCH_HEAL_OBJECTS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SIZE = 200 * 1024;
const bodies = Array.from({ length: N }, (_, i) =>
  createHash('sha512')
    .update(String(i))
    .digest()
    .toString('hex')
    .repeat(SIZE / 128)
    .slice(0, SIZE),
);
const key = (i) => `obj/${String(i).padStart(4, '0')}`;
const ms = (t) => Number(process.hrtime.bigint() - t) / 1e6;

/** Bitrot: one byte flipped per MiB in every shard file a drive holds for the bucket. */
async function corruptShardFiles(drive, bucket) {
  const files = (await readdir(join(drive, bucket), { recursive: true, withFileTypes: true })).filter((e) =>
    e.isFile(),
  );
  for (const e of files) {
    const file = join(e.parentPath, e.name);
    const bytes = await readFile(file);
    for (let i = 40; i < bytes.length; i += 1024 * 1024) bytes[i] ^= 0x5a;
    await writeFile(file, bytes);
  }
  return files.length;
}

async function measure(damaged) {
  const dir = await mkdtemp(join(tmpdir(), 'stowage-heal-'));
  const drives = Array.from({ length: 4 }, (_, i) => join(dir, `d${i}`));
  try {
    const store = await startStoreProcess(drives, ROOT);
    const s3 = leanClient(store.url, ROOT, { sockets: 4 });
    const admin = new MadminClient({ endpoint: store.url, credentials: ROOT });
    try {
      await s3.createBucket('heal');
      for (let i = 0; i < N; i++) await s3.put('heal', key(i), Buffer.from(bodies[i]));
      if (damaged && (await corruptShardFiles(drives[0], 'heal')) !== N)
        throw new Error('not every object has a shard file');
      await settleDisk();
      const reads = process.hrtime.bigint();
      for (let i = 0; i < N; i++) {
        const got = await s3.get('heal', key(i));
        if (got.toString() !== bodies[i]) throw new Error(`${key(i)} read back wrong`);
      }
      const readMs = ms(reads);
      const drain = process.hrtime.bigint();
      let mrf;
      for (;;) {
        mrf = Object.values((await admin.heal.background()).mrf)[0];
        if (mrf.items_pending === 0 && mrf.total_items > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      return { readMs, drainMs: ms(drain), mrf };
    } finally {
      s3.close();
      await store.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const runs = { damaged: [], clean: [] };
for (let r = 0; r < ROUNDS; r++) {
  runs.damaged.push(await measure(true));
  runs.clean.push(await measure(false));
  console.log(`round ${r + 1}:`, JSON.stringify({ damaged: runs.damaged.at(-1), clean: runs.clean.at(-1) }));
}
const med = (side, k) => median(runs[side].map((x) => x[k]));
const ratios = (side) => runs[side].map((x) => x.drainMs / x.readMs);
const range = (side) => `${Math.min(...ratios(side)).toFixed(2)}–${Math.max(...ratios(side)).toFixed(2)}`;
const row = (name, side) =>
  `| ${name} | ${med(side, 'readMs').toFixed(0)} ms | ${med(side, 'drainMs').toFixed(0)} ms | **${median(ratios(side)).toFixed(2)}** (${range(side)}) |`;
const last = runs.damaged.at(-1).mrf;

writeSection(
  'heal-on-read',
  `## Heal on read: draining the queue after 200 reads (issue #37)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; \`stowage server\` on 4 drive
folders (EC 2+2) in its own process, ${N} objects of 200 KiB (each a shard file per drive), in
${ROUNDS} rounds: medians, the ratio's lowest and highest round in brackets. Each object is read
once, one at a time; the drain is the time from the last read's end until the admin API's
background heal status (\`POST /minio/admin/v3/background-heal/status\`, its MRF entry) shows
nothing pending, polled every 20 ms. The queue starts 1 s after the first object enters it
(as MinIO's MRF waits 1 s), so part of its work overlaps the reads. A read checks the data
shards it reads; the parity shards it did not read are checked in the background after it,
so bitrot on either is healed.

| store | 200 reads | queue drained after | drain / reads |
|---|---|---|---|
${row('every shard file of one drive corrupt (every object healed)', 'damaged')}
${row('undamaged (background checks only)', 'clean')}

In the last damaged round the queue took ${last.total_items} objects (${last.items_verified} of them
as a check of the shards a read skipped), finished ${last.items_healed}, rewrote shards of
${(last.bytes_healed / 2 ** 20).toFixed(1)} MiB of objects; ${last.items_failed} failed, ${last.items_dropped} dropped.
`,
);
