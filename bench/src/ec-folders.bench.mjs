// Issue 43: what the store's on-drive layout costs the EC 2+2 write ceiling. The ceiling in
// throughput.bench.mjs writes four half-size files per 1 MiB object into one folder; the store
// (as MinIO) makes each object's folders first: the key's, then the version's data folder.
// Here the same file writes are timed with none, one and two new folders per file, in the same
// rounds: how much a layout with fewer folders could give back at most.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { opsPerSecond } from './load.mjs';
import { machine, median, writeSection } from './report.mjs';
import { settleDisk } from './settle.mjs';

const MiB = 1 << 20;
const COUNT = Number(process.env.BENCH_COUNT ?? 256);
const CONCURRENCY = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// As the store writes its shard files: new, direct, made durable before the commit.
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_DIRECT;

// A half-size shard in page-aligned memory (a WebAssembly memory starts on a page), as O_DIRECT needs.
const shard = Buffer.from(new WebAssembly.Memory({ initial: 8 }).buffer, 0, MiB / 2);
randomBytes(MiB / 2).copy(shard);

async function writeShard(path) {
  const fh = await open(path, CREATE, 0o644);
  try {
    const { bytesWritten } = await fh.write(shard, 0, shard.length, 0);
    if (bytesWritten !== shard.length) throw new Error('short write');
    await fh.datasync();
  } finally {
    await fh.close();
  }
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-ec-folders-'));
const drives = [1, 2, 3, 4].map((d) => join(dir, `drive${d}`));
/** The 256 fan-out folders every layout here has already, as a bucket in use does. */
const fanOut = (drive, i) => join(drive, 'bucket', (i & 255).toString(16).padStart(2, '0'));

const LAYOUTS = {
  'no new folder (the ceiling)': (drive, i, tag) => writeShard(join(fanOut(drive, i), `${tag}-${i}`)),
  'one: the key': async (drive, i, tag) => {
    const key = join(fanOut(drive, i), `${tag}-${i}`);
    await mkdir(key);
    await writeShard(join(key, 'part.1'));
  },
  "two: the key, then the version's (the store's)": async (drive, i, tag) => {
    const key = join(fanOut(drive, i), `${tag}-${i}`);
    await mkdir(key);
    await mkdir(join(key, 'data'));
    await writeShard(join(key, 'data', 'part.1'));
  },
};

try {
  for (const drive of drives)
    for (let i = 0; i < 256; i++) await mkdir(fanOut(drive, i), { recursive: true });
  const rates = new Map(Object.keys(LAYOUTS).map((name) => [name, []]));
  const entries = Object.entries(LAYOUTS);
  for (let round = 0; round < ROUNDS; round++) {
    // Every other round in reverse order: no layout always follows another.
    for (const [name, write] of round % 2 ? [...entries].reverse() : entries) {
      await settleDisk();
      const tag = `r${round}-${entries.findIndex(([n]) => n === name)}`;
      // Objects of 1 MiB a second: MiB/s.
      const rate = await opsPerSecond(COUNT, CONCURRENCY, (i) =>
        Promise.all(drives.map((drive) => write(drive, i, tag))),
      );
      rates.get(name).push(rate);
      console.log(`round ${round + 1}: ${name} ${rate.toFixed(0)} MiB/s`);
    }
  }
  const base = rates.get(entries[0][0]);
  const rows = entries.map(([name]) => {
    const r = rates.get(name);
    const ratios = r.map((x, i) => x / base[i]);
    const spread = `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}`;
    return `| ${name} | ${median(r).toFixed(0)} MiB/s | **${median(ratios).toFixed(2)}** (${spread}) |`;
  });
  writeSection(
    'ec-folders',
    `## EC 2+2 file writes with the store's folders against without (issue 43)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; per 1 MiB object four files of 512 KiB
on four drive folders of one disk, O_DIRECT, each fdatasynced, ${CONCURRENCY} objects at a time, ${COUNT}
objects per layout, ${ROUNDS} rounds with the layouts alternating in order; medians, the ratio's lowest and
highest round in brackets. Each file goes into an object's new folders, as many as the layout makes, under
fan-out folders made beforehand. The first row is the EC-writes ceiling of the throughput section.

| new folders per file | MiB/s of objects | ratio to no folder |
|---|---|---|
${rows.join('\n')}

The store's PUT 1 MiB is about 0.4 of the first row. A layout with fewer folders (one file per
object, shards at offsets) can give back at most the difference between the last row and the
first: the rest of the gap is not in the folders.
`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
