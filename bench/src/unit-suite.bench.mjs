// Issue 40, the developer's fast loop: `npm run test:unit` must finish within two minutes. Runs
// the unit suite (scripts/lib/unit-suite.mjs) as shipped, with one more worker than cores, and
// with Vitest's default worker count (one fewer than cores), alternating, and reports the wall
// times against the two-minute limit measured in the same run.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { machine, median, writeSection } from './report.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LIMIT_S = 120;
const TEST_UNIT = fileURLToPath(new URL('../../scripts/test-unit.mjs', import.meta.url));
const DEFAULT_WORKERS = Math.max(1, availableParallelism() - 1);

/** `npm run test:unit` with `args`; its wall time and test count. */
function run(args) {
  const started = performance.now();
  const res = spawnSync(process.execPath, [TEST_UNIT, ...args], { cwd: ROOT, encoding: 'utf8' });
  if (res.status !== 0)
    throw new Error(`unit suite failed:\n${res.stdout.slice(-4000)}${res.stderr.slice(-4000)}`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Vitest colours its summary
  const plain = res.stdout.replace(/\x1b\[[0-9;]*m/g, '');
  const tests = plain.match(/Tests\s+(\d+) passed/)?.[1];
  return { seconds: (performance.now() - started) / 1000, tests: Number(tests) };
}

const shipped = [];
const defaults = [];
for (let i = 0; i < ROUNDS; i++) {
  shipped.push(run([]));
  defaults.push(run([`--maxWorkers=${DEFAULT_WORKERS}`]));
}
const s = median(shipped.map((r) => r.seconds));
const d = median(defaults.map((r) => r.seconds));
const workers = availableParallelism() + 1;

writeSection(
  'unit-suite',
  `## The unit suite against its two-minute limit (issue 40)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${ROUNDS} runs each, alternating, medians of the
wall time of \`npm run test:unit\` (${shipped[0].tests} tests).

| workers | wall time | share of the 2-minute limit |
|---|---|---|
| ${workers} (as shipped: cores + 1) | ${s.toFixed(1)} s | **${(s / LIMIT_S).toFixed(2)}** |
| ${DEFAULT_WORKERS}, Vitest's default (cores − 1) | ${d.toFixed(1)} s | ${(d / LIMIT_S).toFixed(2)} |

Default over shipped: **${(d / s).toFixed(2)}x**. The files mostly wait on disks, sockets and
child processes, and Vitest's per-file start-up (about 1 s here) dominates the tests' own time,
so one more worker than cores keeps both cores busy.

\`node bench/src/unit-suite.bench.mjs\` (BENCH_ROUNDS).`,
);
console.log(JSON.stringify({ shipped, defaults }, null, 2));
