// Issue 40, lazy broker clients: what loading every broker client library at start costs a
// store with no notification target. Each run is a fresh Node process that starts the
// compiled store on one drive folder; the "eager" runs first import the six libraries the
// store used to import statically (Kafka, AMQP, MQTT, NATS, MySQL, PostgreSQL), as the store
// did before they moved behind a dynamic import at a target's first connect. Measured: time
// from process start until the store listens, and the resident set size once it does (after
// a full garbage collection). Rounds alternate the two kinds.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { machine, median, writeSection } from './report.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const LIBRARIES = ['@platformatic/kafka', 'amqplib', 'mqtt', 'nats', 'mysql2/promise', 'pg'];

const CHILD = `
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const eager = process.argv[1] === 'eager';
if (eager) await Promise.all(${JSON.stringify(LIBRARIES)}.map((m) => import(m)));
const { startStore } = await import('@stowage/store');
const dir = mkdtempSync(join(tmpdir(), 'stowage-lazy-bench-'));
const store = await startStore({
  drives: [join(dir, 'd0')],
  rootCredentials: { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' },
});
const startMs = performance.now();
globalThis.gc();
const { rss, heapUsed } = process.memoryUsage();
await store.close();
rmSync(dir, { recursive: true, force: true });
process.stdout.write(JSON.stringify({ startMs, rss, heapUsed }));
process.exit(0);
`;

async function run(kind) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--expose-gc', '--input-type=module', '-e', CHILD, kind],
    { cwd: new URL('..', import.meta.url).pathname },
  );
  return JSON.parse(stdout);
}

const runs = { lazy: [], eager: [] };
for (let i = 0; i < ROUNDS; i++) {
  for (const kind of i % 2 ? ['eager', 'lazy'] : ['lazy', 'eager']) runs[kind].push(await run(kind));
}
const med = (kind, field) => median(runs[kind].map((r) => r[field]));
const MiB = (b) => `${(b / 2 ** 20).toFixed(1)} MiB`;
const ms = (v) => `${v.toFixed(0)} ms`;
const ratio = (field) => (med('eager', field) / med('lazy', field)).toFixed(2);
console.log({ lazy: runs.lazy, eager: runs.eager });
writeSection(
  'lazy-brokers',
  `## Store start with broker clients loaded lazily against eagerly (issue 40)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${ROUNDS} fresh processes each way,
alternating, each starting the compiled store on one drive folder with no notification target.
"Eager" first imports the six broker client libraries (${LIBRARIES.map((l) => `\`${l}\``).join(', ')}),
as the store's static imports did; "lazy" is the store as it is, loading a library when a target
of its kind first connects. Medians; memory after a full garbage collection.

| start | time to listening | resident set | JS heap used |
|---|---|---|---|
| lazy (as shipped) | ${ms(med('lazy', 'startMs'))} | ${MiB(med('lazy', 'rss'))} | ${MiB(med('lazy', 'heapUsed'))} |
| eager (every broker library at start) | ${ms(med('eager', 'startMs'))} | ${MiB(med('eager', 'rss'))} | ${MiB(med('eager', 'heapUsed'))} |
| **ratio eager / lazy** | **${ratio('startMs')}** | **${ratio('rss')}** | **${ratio('heapUsed')}** |
`,
);
