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
import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { startBareProxyProcess } from './bare-proxy-process.mjs';
import { login, startConsole } from './console-process.mjs';
import { leanClient } from './lean-s3.mjs';
import { machine, writeSection } from './report.mjs';
import { s3For } from './s3-client.mjs';
import { coldCache } from './settle.mjs';
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

/** POST …/objects/download-url: the store's address the console signs for this session. */
async function signedUrl(consoleUrl, who, key) {
  const res = await fetch(`${consoleUrl}/api/v1/buckets/big/objects/download-url`, {
    method: 'POST',
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ key }),
  });
  const answer = await res.json();
  if (res.status !== 200 || answer.mode !== 'direct')
    throw new Error(`sign ${res.status} ${JSON.stringify(answer)}`);
  return answer.url;
}

async function timed(work) {
  const t0 = Date.now();
  await work();
  return (Date.now() - t0) / 1000;
}

/**
 * Downloads with fetch (the same client for every side), hashing what arrives. `url` may be a
 * function that finds the address first: that call is timed with the download.
 */
async function fetchHashed(url, headers) {
  // Every download starts from the disk, not from what an earlier one left in the page cache.
  coldCache();
  const got = createHash('sha256');
  const seconds = await timed(async () => {
    const res = await fetch(typeof url === 'function' ? await url() : url, { headers });
    if (res.status !== 200) throw new Error(`download ${res.status}`);
    for await (const part of res.body) got.update(part);
  });
  return { seconds, hash: got.digest('hex') };
}

const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const dir = await mkdtemp(join(tmpdir(), 'stowage-console-big-'));
try {
  const store = await startStoreProcess(
    [1, 2, 3, 4].map((n) => join(dir, `drive${n}`)),
    ROOT,
  );
  const consoleApp = await startConsole(store.url);
  const s3 = s3For(store.url, ROOT);
  const lean = leanClient(store.url, ROOT, { sockets: 1 });
  const proxy = await startBareProxyProcess(store.url, ROOT);
  await s3.send(new CreateBucketCommand({ Bucket: 'big' }));
  const who = await login(consoleApp.url, ROOT);
  // Each round: the same object size up and down, straight to the store and through the
  // console. Both downloads are read by fetch and hashed as they arrive, so the only
  // difference between them is the console in the path.
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const directSent = createHash('sha256');
    const directPut = await timed(() =>
      s3.send(
        new PutObjectCommand({
          Bucket: 'big',
          Key: 'direct',
          Body: source(SIZE, directSent),
          ContentLength: SIZE,
        }),
      ),
    );
    const directGet = await fetchHashed(`${store.url}/big/direct`, lean.signedHeaders('GET', '/big/direct'));
    const sent = createHash('sha256');
    const consolePut = await timed(() =>
      uploadThroughConsole(consoleApp.url, who, 'via-console', SIZE, sent),
    );
    const consoleGet = await fetchHashed(
      `${consoleApp.url}/api/v1/buckets/big/objects/download?prefix=via-console`,
      { cookie: who.cookie },
    );
    const proxyGet = await fetchHashed(`${proxy.url}/big/via-console`);
    // The web app's own download: the console signs, then the browser GETs from the store. It
    // reads the direct GET's object: the console's upload stored its copy in 8 MiB parts.
    const signedGet = await fetchHashed(() => signedUrl(consoleApp.url, who, 'direct'));
    const uploaded = sent.digest('hex');
    const directHash = directSent.digest('hex');
    const same =
      directHash === directGet.hash &&
      directHash === signedGet.hash &&
      uploaded === consoleGet.hash &&
      uploaded === proxyGet.hash;
    rounds.push({
      directPut,
      directGet: directGet.seconds,
      consolePut,
      consoleGet: consoleGet.seconds,
      proxyGet: proxyGet.seconds,
      signedGet: signedGet.seconds,
      same,
    });
    console.log(`round ${round + 1}`, rounds.at(-1));
  }
  const hwm = peakRssMiB(consoleApp.pid);
  const same = rounds.every((r) => r.same);
  lean.close();
  await proxy.close();
  s3.destroy();
  await consoleApp.close();
  await store.close();
  const ratios = (console_, direct) => rounds.map((r) => r[direct] / r[console_]);
  const spread = (xs) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
  const upload = ratios('consolePut', 'directPut');
  const download = ratios('consoleGet', 'directGet');
  const proxied = ratios('proxyGet', 'directGet');
  const ofProxy = ratios('consoleGet', 'proxyGet');
  const signed = ratios('signedGet', 'directGet');
  const [directPut, directGet, consolePut, consoleGet, proxyGet, signedGet] = [
    'directPut',
    'directGet',
    'consolePut',
    'consoleGet',
    'proxyGet',
    'signedGet',
  ].map((k) => medianOf(rounds.map((r) => r[k])));
  const mib = (seconds) => (SIZE / 2 ** 20 / seconds).toFixed(0);
  writeSection(
    'console-transfer',
    `## A ${GIB} GiB upload and download through the console (issue #5)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}. The console runs as its own
process in front of the store; the upload is one multipart/form-data request streamed to
\`POST /api/v1/buckets/{bucket}/objects/upload\`. The web app downloads an object straight from the
store: \`POST …/objects/download-url\` signs a GetObject for it, timed with the download, of the
object the direct GET reads; with the download proxy setting on, it reads one
\`GET …/objects/download\` through the console, of the object the console uploaded. The peer is the same transfer straight to the store
in the same run, ${ROUNDS} rounds: medians, the ratio's lowest and highest round in brackets. Uploads:
the console's multipart form against @aws-sdk/client-s3 PutObject. Downloads: both read with
\`fetch\` (the direct one signed with SigV4 headers) and hashed as they arrive (SHA-256), so the
console in the path is the only difference.

| figure | console | peer or limit | ratio |
|---|---|---|---|
| console peak RSS | ${hwm.toFixed(0)} MiB | ${LIMIT_MIB} MiB limit | **${(hwm / LIMIT_MIB).toFixed(2)}** |
| upload throughput | ${mib(consolePut)} MiB/s | ${mib(directPut)} MiB/s direct PUT | **${medianOf(upload).toFixed(2)}** (${spread(upload)}) |
| download throughput, browser-direct (the web app's download) | ${mib(signedGet)} MiB/s | ${mib(directGet)} MiB/s direct GET | **${medianOf(signed).toFixed(2)}** (${spread(signed)}) |
| download throughput, through the console (proxy mode) | ${mib(consoleGet)} MiB/s | ${mib(directGet)} MiB/s direct GET | **${medianOf(download).toFixed(2)}** (${spread(download)}) |
| bytes read back identical | ${same ? 'yes' : '**no**'} | | |

The ceiling for the download: a bare Node proxy (bench/src/bare-proxy-process.mjs: node:http in,
SigV4 and the node:http client to the store, the answer piped back; no session, no routing), read
the same way in the same rounds. It is what any console written in Node can reach here, where a
third process's two socket copies per byte share the 2 cores with the store and the client.

| download | throughput | / direct GET | console / it |
|---|---|---|---|
| bare Node proxy | ${mib(proxyGet)} MiB/s | **${medianOf(proxied).toFixed(2)}** (${spread(proxied)}) | **${medianOf(ofProxy).toFixed(2)}** (${spread(ofProxy)}) |
`,
  );
  console.log(
    `console peak RSS ${hwm.toFixed(0)} MiB; identical: ${same}; put ${consolePut}s vs ${directPut}s; get ${consoleGet}s vs ${directGet}s`,
  );
  if (!same) process.exitCode = 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
