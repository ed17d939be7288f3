// Issue #37, bucket replication: the lag from a PUT's answer on store A until the object is on
// store B, at a steady 100 PUTs/s of 64 KiB, against the PUT's own latency in the same run.
// Two `stowage server` processes; A's bucket replicates to B's (async, as `mc replicate add`).
// "On B" is when B's ListenBucketNotification stream (a push, no polling load on B) reports
// the replica's ObjectCreated event to this process.

import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  PutBucketReplicationCommand,
  PutBucketVersioningCommand,
} from '@aws-sdk/client-s3';
import { MadminClient, signRequest } from '@stowage/madmin';
import { leanClient } from './lean-s3.mjs';
import { machine, writeSection } from './report.mjs';
import { s3For } from './s3-client.mjs';
import { settleDisk } from './settle.mjs';
import { startStoreProcess } from './store-process.mjs';

const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };
const RATE = Number(process.env.BENCH_REPLICATION_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_REPLICATION_SECONDS ?? 20);
/** A second, lower rate: the lag of one transfer when the engine is not behind. */
const LOW_RATE = Number(process.env.BENCH_REPLICATION_LOW_RATE ?? RATE / 2);
const SIZE = 64 * 1024;
const body = Buffer.alloc(SIZE, 'replicated-bytes ');
const now = () => Number(process.hrtime.bigint()) / 1e6;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** B's ObjectCreated events as they stream in: key → time of arrival here. */
function listenForArrivals(url, bucket) {
  const arrivals = new Map();
  const target = new URL(`/${bucket}?events=s3%3AObjectCreated%3A%2A`, url);
  const headers = signRequest(
    { method: 'GET', url: target, headers: {}, payloadHash: 'UNSIGNED-PAYLOAD' },
    ROOT,
    { region: 'us-east-1', service: 's3' },
  );
  let buffered = '';
  const ready = new Promise((resolve, reject) => {
    const req = request(target, { method: 'GET', headers }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`listen: ${res.statusCode}`));
      resolve(req);
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const at = now();
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.trim()) continue;
          for (const record of JSON.parse(line).Records ?? []) {
            const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
            if (!arrivals.has(key)) arrivals.set(key, at);
          }
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
  return { arrivals, ready };
}

async function replicatedPair(dir) {
  const a = await startStoreProcess([join(dir, 'a')], ROOT);
  const b = await startStoreProcess([join(dir, 'b')], ROOT);
  const versioned = { VersioningConfiguration: { Status: 'Enabled' } };
  const [sa, sb] = [s3For(a.url, ROOT), s3For(b.url, ROOT)];
  await sb.send(new CreateBucketCommand({ Bucket: 'target' }));
  await sb.send(new PutBucketVersioningCommand({ Bucket: 'target', ...versioned }));
  await sa.send(new CreateBucketCommand({ Bucket: 'source' }));
  await sa.send(new PutBucketVersioningCommand({ Bucket: 'source', ...versioned }));
  const arn = await new MadminClient({ endpoint: a.url, credentials: ROOT }).remoteTargets.set('source', {
    sourcebucket: 'source',
    endpoint: new URL(b.url).host,
    credentials: { ...ROOT, expiration: '0001-01-01T00:00:00Z' },
    targetbucket: 'target',
    secure: false,
    type: 'replication',
    replicationSync: false,
    disableProxy: false,
    resetBeforeDate: '0001-01-01T00:00:00Z',
  });
  await sa.send(
    new PutBucketReplicationCommand({
      Bucket: 'source',
      ReplicationConfiguration: {
        Role: '',
        Rules: [
          {
            ID: 'bench',
            Status: 'Enabled',
            Priority: 1,
            Filter: { Prefix: '' },
            DeleteMarkerReplication: { Status: 'Disabled' },
            Destination: { Bucket: arn },
          },
        ],
      },
    }),
  );
  return { a, b, arn, close: () => Promise.all([a.close(), b.close()]) };
}

/** `rate` PUTs/s for SECONDS, started on a fixed schedule (open loop: a slow answer does not delay the next). */
async function steadyPuts(client, bucket, prefix, rate, onAnswer) {
  const count = rate * SECONDS;
  const started = now();
  const puts = [];
  for (let i = 0; i < count; i++) {
    const wait = started + (i * 1000) / rate - now();
    if (wait > 1) await sleep(wait);
    const key = `${prefix}${String(i).padStart(5, '0')}`;
    const sent = now();
    puts.push(client.put(bucket, key, body).then(() => onAnswer(key, sent, now())));
  }
  await Promise.all(puts);
  return count / ((now() - started) / 1000);
}

const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99) });

/** One run against A: PUT latency, and each object's lag until B reported it. */
async function replicationRun(a, arrivals, rate, prefix) {
  const answeredAt = new Map();
  const putLatency = [];
  const reached = await steadyPuts(a, 'source', prefix, rate, (key, sent, answered) => {
    answeredAt.set(key, answered);
    putLatency.push(answered - sent);
  });
  const arrived = () => [...answeredAt.keys()].filter((k) => arrivals.has(k)).length;
  const deadline = now() + 300_000;
  while (arrived() < answeredAt.size && now() < deadline) await sleep(50);
  // Answer order is close to start order: the first and last second's PUTs.
  const lags = [...answeredAt].filter(([k]) => arrivals.has(k)).map(([k, t]) => arrivals.get(k) - t);
  const firstAnswer = Math.min(...answeredAt.values());
  const lastArrival = Math.max(...[...answeredAt.keys()].map((k) => arrivals.get(k) ?? 0));
  return {
    rate,
    asked: answeredAt.size,
    reached: lags.length,
    putRate: reached,
    // What the engine sustained: objects on B per second, first answer to last arrival.
    replicatedRate: lags.length / ((lastArrival - firstAnswer) / 1000),
    lag: { ...stats(lags), max: Math.max(...lags) },
    put: stats(putLatency),
    firstSecondLag: percentile(lags.slice(0, rate), 50),
    lastSecondLag: percentile(lags.slice(-rate), 50),
  };
}

const f = (v) => `${v.toFixed(1)} ms`;
const ratio = (x, y) => (x / y).toFixed(2);

function describeRun(r, direct) {
  const behind = r.replicatedRate < 0.95 * r.putRate;
  return `### ${r.rate} PUTs/s asked

| | p50 | p99 |
|---|---|---|
| replication lag (A's answer → on B) | ${f(r.lag.p50)} | ${f(r.lag.p99)} |
| PUT latency on A (same run) | ${f(r.put.p50)} | ${f(r.put.p99)} |
| **lag / PUT latency on A** | **${ratio(r.lag.p50, r.put.p50)}** | **${ratio(r.lag.p99, r.put.p99)}** |
| **lag / direct PUT to B** | **${ratio(r.lag.p50, direct.p50)}** | **${ratio(r.lag.p99, direct.p99)}** |

PUTs reached ${r.putRate.toFixed(1)}/s on A; ${r.reached} of ${r.asked} objects reached B (longest lag
${f(r.lag.max)}); the engine delivered ${r.replicatedRate.toFixed(1)} objects/s to B. Median lag of the
first second's PUTs ${f(r.firstSecondLag)}, of the last second's ${f(r.lastSecondLag)}. ${
    behind
      ? 'The engine delivered less than the rate asked, so its queue grew through the run and the lag with it: these percentiles describe that backlog, not one transfer (the first second shows one transfer).'
      : 'The engine kept up: the lag is the time of one transfer, not a backlog.'
  }`;
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-replag-'));
try {
  const pair = await replicatedPair(dir);
  try {
    const a = leanClient(pair.a.url, ROOT, { sockets: 64 });
    const b = leanClient(pair.b.url, ROOT, { sockets: 64 });
    const listen = listenForArrivals(pair.b.url, 'target');
    const listener = await listen.ready;
    await settleDisk();

    // The peer: the same load PUT straight to B (what one replica write costs B by itself).
    await b.createBucket('direct');
    const directLatency = [];
    const directRate = await steadyPuts(b, 'direct', 'd/', RATE, (_k, sent, answered) =>
      directLatency.push(answered - sent),
    );
    const direct = stats(directLatency);
    const runs = [];
    for (const [i, rate] of [RATE, LOW_RATE].entries()) {
      await settleDisk();
      runs.push(await replicationRun(a, listen.arrivals, rate, `r${i}/`));
      console.log(JSON.stringify(runs.at(-1)));
    }
    listener.destroy();
    const metrics = JSON.parse((await a.send('GET', '/source?replication-metrics')).toString());
    a.close();
    b.close();
    const target = metrics.Stats?.[pair.arn] ?? {};
    writeSection(
      'replication-lag',
      `## Bucket replication lag at ${RATE} PUTs/s of 64 KiB (issue #37)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; two \`stowage server\`
processes (one drive folder each) on this machine, A's versioned bucket replicating
asynchronously to B's (a remote target and one rule, as \`mc replicate add\` sets them up).
PUTs of 64 KiB were started on a fixed schedule (open loop) for ${SECONDS} s, at ${RATE}/s and then
at ${LOW_RATE}/s; the lag of each is the time from its PUT's answer on A until B's
ListenBucketNotification stream delivered the replica's ObjectCreated event to the benchmark
(a push: no polling load on B). The same ${RATE}/s PUT straight to B first is the peer: p50
${f(direct.p50)}, p99 ${f(direct.p99)} (${directRate.toFixed(1)} PUTs/s reached).

${runs.map((r) => describeRun(r, direct)).join('\n\n')}

A's replication metrics at the end: ${target.replicationCount} completed, ${target.pendingReplicationCount} pending,
${target.failedReplicationCount} failed.
`,
    );
    const lost = runs.reduce((n, r) => n + r.asked - r.reached, 0);
    if (lost) throw new Error(`${lost} objects never reached B`);
  } finally {
    await pair.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
