// Issue #5: a big upload and download through the console API, against the same transfer
// straight to the store in the same run. The console's resident memory must stay under
// 200 MiB whatever the size. Size via BENCH_CONSOLE_GIB (default 5).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { login, startConsole } from './console-process.mjs';
import { machine, writeSection } from './report.mjs';
import { s3For } from './s3-client.mjs';
import { source } from './source.mjs';
import { startStoreProcess } from './store-process.mjs';

const GIB = Number(process.env.BENCH_CONSOLE_GIB ?? 5);
const SIZE = Math.floor(GIB * 2 ** 30);
const LIMIT_MIB = 200;
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };

const peakRssMiB = (pid) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)?.[1] ?? 0) / 1024;

/** One file in a multipart form, streamed as a browser would send it. */
function uploadThroughConsole(consoleUrl, who, key, size, hash) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${key}"; filename="${key}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from(
    (async function* () {
      yield head;
      yield* source(size, hash);
      yield tail;
    })(),
  );
  return new Promise((resolve, reject) => {
    const url = new URL(`${consoleUrl}/api/v1/buckets/big/objects/upload?prefix=`);
    const req = request(url, {
      method: 'POST',
      headers: {
        cookie: who.cookie,
        'x-csrf-token': who.csrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve() : reject(new Error(`upload ${res.statusCode} ${text}`)),
      );
    });
    req.on('error', reject);
    body.pipe(req);
  });
}

async function timed(work) {
  const t0 = Date.now();
  await work();
  return (Date.now() - t0) / 1000;
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-console-big-'));
try {
  const store = await startStoreProcess(
    [1, 2, 3, 4].map((n) => join(dir, `drive${n}`)),
    ROOT,
  );
  const consoleApp = await startConsole(store.url);
  const s3 = s3For(store.url, ROOT);
  await s3.send(new CreateBucketCommand({ Bucket: 'big' }));

  const directPut = await timed(() =>
    s3.send(new PutObjectCommand({ Bucket: 'big', Key: 'direct', Body: source(SIZE), ContentLength: SIZE })),
  );
  const directGet = await timed(async () => {
    const res = await s3.send(new GetObjectCommand({ Bucket: 'big', Key: 'direct' }));
    for await (const _ of res.Body);
  });

  const who = await login(consoleApp.url, ROOT);
  const sent = createHash('sha256');
  const consolePut = await timed(() => uploadThroughConsole(consoleApp.url, who, 'via-console', SIZE, sent));
  const got = createHash('sha256');
  const consoleGet = await timed(async () => {
    const res = await fetch(`${consoleApp.url}/api/v1/buckets/big/objects/download?prefix=via-console`, {
      headers: { cookie: who.cookie },
    });
    if (res.status !== 200) throw new Error(`download ${res.status}`);
    for await (const part of res.body) got.update(part);
  });
  const hwm = peakRssMiB(consoleApp.pid);
  const same = sent.digest('hex') === got.digest('hex');
  s3.destroy();
  await consoleApp.close();
  await store.close();
  const mib = (seconds) => (SIZE / 2 ** 20 / seconds).toFixed(0);
  writeSection(
    'console-transfer',
    `## A ${GIB} GiB upload and download through the console (issue #5)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}. The console runs as its own
process in front of the store; the upload is one multipart/form-data request streamed to
\`POST /api/v1/buckets/{bucket}/objects/upload\`, the download one
\`GET …/objects/download\`. The peer is the same transfer straight to the store
(@aws-sdk/client-s3 PutObject/GetObject) in the same run.

| figure | console | peer or limit | ratio |
|---|---|---|---|
| console peak RSS | ${hwm.toFixed(0)} MiB | ${LIMIT_MIB} MiB limit | **${(hwm / LIMIT_MIB).toFixed(2)}** |
| upload throughput | ${mib(consolePut)} MiB/s | ${mib(directPut)} MiB/s direct PUT | **${(directPut / consolePut).toFixed(2)}** |
| download throughput | ${mib(consoleGet)} MiB/s | ${mib(directGet)} MiB/s direct GET | **${(directGet / consoleGet).toFixed(2)}** |
| bytes read back identical | ${same ? 'yes' : '**no**'} | | |
`,
  );
  console.log(
    `console peak RSS ${hwm.toFixed(0)} MiB; identical: ${same}; put ${consolePut}s vs ${directPut}s; get ${consoleGet}s vs ${directGet}s`,
  );
  if (!same) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
