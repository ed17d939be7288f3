// Issue 41: a console bulk delete job against the SDK's own bulk delete (ListObjectsV2 pages,
// DeleteObjects of each page) on the same store in the same run, as objects per second and
// their ratio; the console's resident memory is sampled while its job runs (it should stay
// flat: the job pages through its prefix and never holds it). Size via BENCH_JOBS_OBJECTS.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { login, startConsole } from './console-process.mjs';
import { leanClient } from './lean-s3.mjs';
import { machine, writeSection } from './report.mjs';
import { s3For } from './s3-client.mjs';
import { startStoreProcess } from './store-process.mjs';

const OBJECTS = Number(process.env.BENCH_JOBS_OBJECTS ?? 20_000);
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };
const BUCKET = 'bulk';

const rssMiB = (pid) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : 0;
};

async function seed(s3, prefix) {
  for (let i = 0; i < OBJECTS; i += 256)
    await Promise.all(
      Array.from({ length: Math.min(256, OBJECTS - i) }, (_, j) =>
        s3.put(BUCKET, `${prefix}${String(i + j).padStart(7, '0')}`, Buffer.alloc(64)),
      ),
    );
}

/** The SDK's bulk delete of a prefix: a page listed, then deleted, until none is left. */
async function sdkDelete(sdk, prefix) {
  let deleted = 0;
  for (;;) {
    const page = await sdk.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, MaxKeys: 1000 }));
    const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key }));
    if (keys.length === 0) return deleted;
    await sdk.send(new DeleteObjectsCommand({ Bucket: BUCKET, Delete: { Objects: keys, Quiet: true } }));
    deleted += keys.length;
  }
}

async function consoleCall(url, who, method, path, body) {
  const res = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-bulk-jobs-'));
try {
  const store = await startStoreProcess(
    [1, 2, 3, 4].map((n) => join(dir, `drive${n}`)),
    ROOT,
  );
  // The console keeps its jobs in a database file: here, in the run's own directory.
  process.env.STOWAGE_CONSOLE_DB = join(dir, 'console.sqlite');
  const consoleApp = await startConsole(store.url);
  const lean = leanClient(store.url, ROOT);
  await lean.createBucket(BUCKET);
  await seed(lean, 'sdk/');
  await seed(lean, 'job/');
  lean.close();

  const sdk = s3For(store.url, ROOT);
  let started = performance.now();
  const sdkDeleted = await sdkDelete(sdk, 'sdk/');
  const sdkSeconds = (performance.now() - started) / 1000;
  sdk.destroy();

  const who = await login(consoleApp.url, ROOT);
  const rssBefore = rssMiB(consoleApp.pid);
  let rssPeak = rssBefore;
  started = performance.now();
  const created = await consoleCall(consoleApp.url, who, 'POST', '/jobs', {
    kind: 'delete',
    bucket: BUCKET,
    prefix: 'job/',
    confirm: 'job/',
  });
  let job = created;
  while (job.state === 'running') {
    await new Promise((r) => setTimeout(r, 50));
    rssPeak = Math.max(rssPeak, rssMiB(consoleApp.pid));
    job = await consoleCall(consoleApp.url, who, 'GET', `/jobs/${created.id}`);
  }
  const jobSeconds = (performance.now() - started) / 1000;
  const rssAfter = rssMiB(consoleApp.pid);
  await consoleApp.close();
  await store.close();
  if (job.state !== 'completed' || job.done.count !== OBJECTS || sdkDeleted !== OBJECTS)
    throw new Error(`unexpected: job ${job.state} ${job.done.count}, sdk ${sdkDeleted}`);

  const sdkRate = OBJECTS / sdkSeconds;
  const jobRate = OBJECTS / jobSeconds;
  writeSection(
    'bulk-jobs',
    `## Bulk delete job vs the SDK's DeleteObjects (issue 41)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${OBJECTS} objects of 64 bytes under
each of two prefixes of one bucket, on \`stowage server\` (4 drives) in its own process, with
\`stowage console\` in front of it in another. The SDK's bulk delete lists a page of 1000 keys and
deletes it with one DeleteObjects, until none is left; the console's delete job does the same work
behind \`POST /api/v1/jobs\` (with its own service account, recording every key and its cursor in the
console database after each page), timed from the request to the job seen completed (polled every 50 ms).
The console's resident memory (VmRSS) is read at each poll.

| deleter | objects | seconds | objects/s | ratio |
|---|---|---|---|---|
| SDK ListObjectsV2 + DeleteObjects | ${OBJECTS} | ${sdkSeconds.toFixed(2)} | ${sdkRate.toFixed(0)} | 1.00 |
| console delete job | ${OBJECTS} | ${jobSeconds.toFixed(2)} | ${jobRate.toFixed(0)} | **${(jobRate / sdkRate).toFixed(2)}** |

Console RSS: ${rssBefore.toFixed(0)} MiB before the job, ${rssPeak.toFixed(0)} MiB at most while it ran,
${rssAfter.toFixed(0)} MiB after it (${(rssPeak - rssBefore).toFixed(0)} MiB growth for ${OBJECTS} keys).`,
  );
  console.log({ sdkRate, jobRate, ratio: jobRate / sdkRate, rssBefore, rssPeak, rssAfter });
} finally {
  await rm(dir, { recursive: true, force: true });
}
