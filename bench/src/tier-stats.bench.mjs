// Issue 37, tier stats: what GET /tier-stats costs on a store of many versions, answered by a
// walk over every version of every bucket (as it was before the scanner kept the figures)
// against the figures the scanner published. Both in this process over the same real
// erasure layer (4 drive folders), so that only the handler's work differs; half the
// versions are transitioned (released to a tier, as a transition leaves them).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { machine, median, writeSection } from './report.mjs';

const dist = (path) => new URL(`../../packages/store/dist/${path}`, import.meta.url).href;
const { ErasureObjectLayer } = await import(dist('engine/erasure/erasure-layer.js'));
const { initDrives } = await import(dist('engine/fs/drives.js'));
const { bucketVersionPages } = await import(dist('engine/version-walk.js'));
const { tierStatsReply } = await import(dist('admin/handlers/tiers.js'));
const { TierUsage } = await import(dist('ilm/transition/tier-stats.js'));
const { Scanner } = await import(dist('ilm/scanner.js'));
const { remoteOf, transitionValues } = await import(dist('ilm/transition/transitioned.js'));
const { OutboundPolicy } = await import(dist('net/outbound.js'));
const { silentLogger } = await import(dist('observe/logger.js'));
const { TierStore } = await import(dist('tiers/tiers.js'));

const VERSIONS = Number(process.env.BENCH_TIER_STATS_VERSIONS ?? 5000);
const REQUESTS = Number(process.env.BENCH_TIER_STATS_REQUESTS ?? 20);
const BUCKETS = 4;

/** What GET /tier-stats did for the remote tiers before: every version of every bucket listed. */
async function walk(layer) {
  const out = new Map();
  for (const { name: bucket } of await layer.listBuckets()) {
    for await (const page of bucketVersionPages(layer, bucket)) {
      for (const v of page) {
        const remote = remoteOf(v);
        if (!remote) continue;
        const s = out.get(remote.tier) ?? { totalSize: 0, numVersions: 0, numObjects: 0 };
        s.totalSize += v.size;
        s.numVersions += 1;
        if (v.isLatest) s.numObjects += 1;
        out.set(remote.tier, s);
      }
    }
  }
  return out;
}

async function timed(count, run) {
  const ms = [];
  for (let i = 0; i < count; i++) {
    const t = process.hrtime.bigint();
    await run();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return ms;
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-bench-tier-stats-'));
try {
  const drives = [1, 2, 3, 4].map((i) => join(dir, `d${i}`));
  const layer = await ErasureObjectLayer.open(await initDrives(drives), {});
  await new TierStore(layer.system).save([
    { Version: 'v1', Type: 'minio', Name: 'COLD', MinIO: { Bucket: 'archive' } },
  ]);
  for (let b = 0; b < BUCKETS; b++) await layer.makeBucket(`bucket-${b}`);
  for (let i = 0; i < VERSIONS; i++) {
    const info = await layer.putObject({
      bucket: `bucket-${i % BUCKETS}`,
      key: `dir-${i % 50}/object-${i}`,
      body: Readable.from([Buffer.alloc(1024, i % 251)]),
      versioning: 'unversioned',
    });
    if (i % 2 === 0)
      await layer.releaseVersionData(info.bucket, info.key, {
        versionId: info.versionId,
        etag: info.etag,
        modTime: info.modTime,
        headers: { 'x-amz-storage-class': 'COLD' },
        internal: transitionValues(info, { tier: 'COLD', object: `remote/${i}` }),
      });
  }
  const usage = new TierUsage(layer.system, silentLogger);
  const scanner = new Scanner(layer, silentLogger).use(usage);
  scanner.apply({ delay: 0, maxWaitMs: 0, cycleMs: 86_400_000 });
  const cycleStart = process.hrtime.bigint();
  await scanner.runCycle();
  const cycleMs = Number(process.hrtime.bigint() - cycleStart) / 1e6;
  await scanner.stop();

  const call = { require: () => {} };
  const deps = (tierStats) => ({ layer, system: layer.system, outbound: OutboundPolicy.OPEN, tierStats });
  let walkedFigures;
  const walked = () =>
    tierStatsReply(
      call,
      deps(() => walkedFigures),
    );
  const published = () =>
    tierStatsReply(
      call,
      deps(() => usage.stats()),
    );
  const figures = async (reply) => JSON.stringify((await reply).body.value.map((e) => e.Stats));
  // Before: the walk on every request, then the same answer.
  const before = await timed(REQUESTS, async () => {
    walkedFigures = await walk(layer);
    await walked();
  });
  const after = await timed(REQUESTS, published);
  // Both answer the same figures.
  const a = await figures(walked());
  const b = await figures(published());
  if (a !== b) throw new Error(`figures differ: walk ${a}, published ${b}`);
  await layer.shutdown();

  const p = (xs, q) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
  const fmt = (ms) => `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
  const ratio = median(before) / median(after);
  console.log({ before: median(before), after: median(after), ratio, cycleMs });
  writeSection(
    'tier-stats',
    `## Tier stats: the scanner's figures against a walk per request (issue 37)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; in one process over a real erasure
layer on 4 drive folders: ${VERSIONS} versions of 1 KiB in ${BUCKETS} buckets, every second one
transitioned to tier COLD. ${REQUESTS} calls of the GET /tier-stats handler each way: before, the
handler listed every version of every bucket (as it did until the scanner kept the figures);
after, it reads the figures the last scanner cycle published. Both answer the same figures
(checked).

| GET /tier-stats | p50 | p95 |
|---|---|---|
| walk per request (before) | ${fmt(median(before))} | ${fmt(p(before, 0.95))} |
| published by the scanner (after) | ${fmt(median(after))} | ${fmt(p(after, 0.95))} |

p50 ratio before/after: **${ratio.toFixed(0)}x**. The walk now happens once per scanner cycle,
alongside what the cycle does anyway (this cycle, fastest speed, no other visitor:
${fmt(cycleMs)}).
`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
