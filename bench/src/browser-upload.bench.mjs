// Issue 41: a file uploaded by the web app in Chromium straight to the store (presigned parts
// the console signs), against the same file uploaded by the AWS SDK in the same run. The
// console's resident memory is read before and after: the bytes never pass through it.
// Size via BENCH_BROWSER_UPLOAD_MIB (default 1024).
import { createReadStream, readFileSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { launchChromium, signIn } from './chromium.mjs';
import { startConsole } from './console-process.mjs';
import { machine, median, writeSection } from './report.mjs';
import { s3For } from './s3-client.mjs';
import { startStoreProcess } from './store-process.mjs';

const MIB = 2 ** 20;
const SIZE = Number(process.env.BENCH_BROWSER_UPLOAD_MIB ?? 1024) * MIB;
/** What the console picks for this size (contract planParts), and the web app's parts in flight. */
const PART = 16 * MIB;
const IN_FLIGHT = 4;
/** lib-storage Upload's defaults (partSize 5 MiB, queueSize 4). */
const UPLOAD_DEFAULT_PART = 5 * MIB;
const TARGET = 0.9;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };

const rssMiB = (pid) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)?.[1] ?? 0) / 1024;

/** A sparse file whose every MiB starts with its index, so parts differ. */
async function sparseFile(path, size) {
  const file = await open(path, 'w');
  await file.truncate(size);
  for (let at = 0; at < size; at += MIB) await file.write(Buffer.from(`MiB ${at / MIB}`), 0, undefined, at);
  await file.close();
}

async function readPart(path, n, partSize) {
  const chunks = [];
  const start = (n - 1) * partSize;
  const end = Math.min(SIZE, start + partSize) - 1;
  for await (const chunk of createReadStream(path, { start, end })) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The SDK's multipart upload as lib-storage's Upload runs it: parts of `partSize`, four in flight. */
async function sdkUpload(s3, path, key, partSize) {
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: 'bench', Key: key }));
  const count = Math.ceil(SIZE / partSize);
  const pending = Array.from({ length: count }, (_, i) => i + 1);
  const parts = [];
  const worker = async () => {
    for (let n = pending.shift(); n !== undefined; n = pending.shift()) {
      const res = await s3.send(
        new UploadPartCommand({
          Bucket: 'bench',
          Key: key,
          UploadId,
          PartNumber: n,
          Body: await readPart(path, n, partSize),
        }),
      );
      parts.push({ PartNumber: n, ETag: res.ETag });
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  parts.sort((a, b) => a.PartNumber - b.PartNumber);
  await s3.send(
    new CompleteMultipartUploadCommand({
      Bucket: 'bench',
      Key: key,
      UploadId,
      MultipartUpload: { Parts: parts },
    }),
  );
}

async function timed(work) {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-browser-upload-'));
try {
  const file = join(dir, 'upload.bin');
  await sparseFile(file, SIZE);
  const store = await startStoreProcess(
    [1, 2, 3, 4].map((n) => join(dir, `drive${n}`)),
    ROOT,
  );
  const consoleApp = await startConsole(store.url);
  const s3 = s3For(store.url, ROOT);
  await s3.send(new CreateBucketCommand({ Bucket: 'bench' }));

  const browser = await launchChromium();
  const page = await browser.newPage();
  await signIn(page, consoleApp.url, ROOT.accessKey, ROOT.secretKey);
  const rssBefore = rssMiB(consoleApp.pid);

  // Rounds (the machine is noisy): the three uploads one after another in each, each round
  // into its own folder; medians over the rounds, the ratio's range beside them.
  const rounds = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const sdkDefault = await timed(() => sdkUpload(s3, file, `r${r}/via-sdk-default`, UPLOAD_DEFAULT_PART));
    const sdk = await timed(() => sdkUpload(s3, file, `r${r}/via-sdk`, PART));
    await page.goto(`${consoleApp.url}/buckets/bench/browse/r${r}/browser/`);
    await page.getByText('This location is empty, please try uploading a new file').waitFor();
    const browserSeconds = await timed(async () => {
      await page.getByTestId('upload-files').setInputFiles(file);
      await page
        .getByRole('region', { name: 'Uploads' })
        .getByRole('link', { name: 'Open upload.bin' })
        .waitFor({ timeout: 600_000 });
    });
    rounds.push({ sdkDefault, sdk, browserSeconds });
    console.log(
      `round ${r}: browser ${browserSeconds.toFixed(1)}s, SDK ${sdk.toFixed(1)}s, SDK 5 MiB ${sdkDefault.toFixed(1)}s`,
    );
  }
  const rssAfter = rssMiB(consoleApp.pid);
  await browser.close();
  s3.destroy();
  await consoleApp.close();
  await store.close();

  const mibs = (seconds) => (SIZE / MIB / seconds).toFixed(0);
  const browserSeconds = median(rounds.map((x) => x.browserSeconds));
  const sdk = median(rounds.map((x) => x.sdk));
  const sdkDefault = median(rounds.map((x) => x.sdkDefault));
  const ratios = rounds.map((x) => x.sdk / x.browserSeconds);
  const ratiosDefault = rounds.map((x) => x.sdkDefault / x.browserSeconds);
  const ratio = median(ratios);
  const range = (values) => `(${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;
  writeSection(
    'browser-upload',
    `## Browser-direct upload of ${SIZE / MIB} MiB (issue 41)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}. The web app in headless
Chromium uploads the file straight to \`stowage server\` in presigned parts of 16 MiB, four in
flight, SHA-256 checksums on (the console only signs); the peer is @aws-sdk/client-s3 sending
the same file as a multipart upload the way lib-storage's Upload does it (four parts in flight),
once with Upload's default 5 MiB parts and once with the browser's 16 MiB, in the same run;
${ROUNDS} rounds, medians, the ratio's lowest and highest round in brackets
(\`node bench/src/browser-upload.bench.mjs\`, BENCH_BROWSER_UPLOAD_MIB, BENCH_ROUNDS).
Target: a ratio of at least ${TARGET}; the console's memory flat.

| figure | browser-direct | peer | ratio |
|---|---|---|---|
| upload throughput | ${mibs(browserSeconds)} MiB/s | ${mibs(sdkDefault)} MiB/s SDK, Upload's 5 MiB parts | **${median(ratiosDefault).toFixed(2)}** ${range(ratiosDefault)} |
| upload throughput | ${mibs(browserSeconds)} MiB/s | ${mibs(sdk)} MiB/s SDK, 16 MiB parts | **${ratio.toFixed(2)}** ${range(ratios)} |
| console RSS before / after | ${rssBefore.toFixed(0)} MiB / ${rssAfter.toFixed(0)} MiB | | **${(rssAfter / rssBefore).toFixed(2)}** |
`,
  );
  console.log(
    `median: browser ${browserSeconds.toFixed(1)}s vs SDK ${sdk.toFixed(1)}s (5 MiB parts: ${sdkDefault.toFixed(1)}s): ratio ${ratio.toFixed(2)}; console RSS ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MiB`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
