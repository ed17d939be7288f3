// Issue #2: a console login against the STS call it wraps. Run from the repository root
// after a build: npm run bench
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startConsole } from '@stowage/console-api';
import { assumeRole } from '@stowage/madmin';
import { machine, writeSection } from './report.mjs';
import { startStoreProcess } from './store-process.mjs';

const LOGINS = 40;
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };

async function timed(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e9;
}

const percentile = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

const dir = await mkdtemp(join(tmpdir(), 'stowage-bench-'));
try {
  const drives = [1, 2, 3, 4].map((n) => join(dir, `drive${n}`));
  // The store runs as users run it, in its own process, so client work does not share its loop.
  const store = await startStoreProcess(drives, ROOT);

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
  await store.close();

  const ms = (s) => `${(s * 1000).toFixed(1)} ms`;
  writeSection(
    'slice',
    `## Console login (issue #2)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${LOGINS} logins, one at a time,
against \`stowage server\` in its own process. (The store's own throughput is in the sections below.)

| login | p50 | p99 | ratio of p50 |
|---|---|---|---|
| STS AssumeRole, direct | ${ms(percentile(sts, 0.5))} | ${ms(percentile(sts, 0.99))} | 1.00 |
| console POST /api/v1/login (AssumeRole + AccountInfo + session) | ${ms(percentile(logins, 0.5))} | ${ms(percentile(logins, 0.99))} | **${(percentile(logins, 0.5) / percentile(sts, 0.5)).toFixed(2)}** |
`,
  );
  console.log(`login p50 ${ms(percentile(logins, 0.5))} vs STS ${ms(percentile(sts, 0.5))}`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
