// Issue #3: 4 KiB PUT and GET operations per second at 32 concurrent clients, the store against
// s3rver (npm), each in its own process, measured side by side in one run. Target: ≥ 3x.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { machine, writeSection } from './report.mjs';
import { startS3rverProcess } from './s3rver-process.mjs';
import { startStoreProcess } from './store-process.mjs';

const CLIENTS = 32;
const OPS = Number(process.env.BENCH_OPS ?? 3000);
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };
const body = randomBytes(4096);

function client(url, credentials) {
  return new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials,
    // s3rver predates flexible checksums; both servers get the same plain requests.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: new NodeHttpHandler({ httpAgent: { keepAlive: true, maxSockets: CLIENTS } }),
  });
}

async function opsPerSecond(count, op) {
  let next = 0;
  const t = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) await op(next++);
    }),
  );
  return count / (Number(process.hrtime.bigint() - t) / 1e9);
}

async function measure(s3) {
  await s3.send(new CreateBucketCommand({ Bucket: 'small' }));
  const put = await opsPerSecond(OPS, (i) =>
    s3.send(new PutObjectCommand({ Bucket: 'small', Key: `k/${i}`, Body: body })),
  );
  const get = await opsPerSecond(OPS, async (i) => {
    const res = await s3.send(new GetObjectCommand({ Bucket: 'small', Key: `k/${i}` }));
    await res.Body.transformToByteArray();
  });
  return { put, get };
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-small-'));
try {
  const store = await startStoreProcess(
    [1, 2, 3, 4].map((n) => join(dir, `drive${n}`)),
    ROOT,
  );
  const storeClient = client(store.url, { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey });
  const ours = await measure(storeClient);
  storeClient.destroy();
  await store.close();

  const peer = await startS3rverProcess(join(dir, 's3rver'));
  const peerClient = client(peer.url, peer.credentials);
  const theirs = await measure(peerClient);
  peerClient.destroy();
  await peer.close();

  const row = (name, a, b) =>
    `| ${name} | ${a.toFixed(0)} ops/s | ${b.toFixed(0)} ops/s | **${(a / b).toFixed(2)}** |`;
  writeSection(
    'small-ops',
    `## 4 KiB operations at ${CLIENTS} concurrent clients (issue #3)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; ${OPS} operations each,
@aws-sdk/client-s3 in the benchmark process, each server in its own process, on the same disk.
Target: at least 3x s3rver.

| operation | store (4 drives) | s3rver 3.7.1 | ratio |
|---|---|---|---|
${row('PUT 4 KiB', ours.put, theirs.put)}
${row('GET 4 KiB', ours.get, theirs.get)}
`,
  );
  console.log(
    `PUT ${ours.put.toFixed(0)} vs ${theirs.put.toFixed(0)}; GET ${ours.get.toFixed(0)} vs ${theirs.get.toFixed(0)} ops/s`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
