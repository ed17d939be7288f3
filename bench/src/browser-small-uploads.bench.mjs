// Many small files uploaded by the web app in Chromium straight to the store (one presigned
// PutObject each, the console only signs), against the same files sent by the AWS SDK's
// PutObject in the same run, two at a time as the web app sends them. Count and size via
// BENCH_SMALL_UPLOAD_FILES (default 200) and BENCH_SMALL_UPLOAD_BYTES (default 4096).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { launchChromium, signIn } from './chromium.mjs';
import { startConsole } from './console-process.mjs';
import { machine, median, writeSection } from './report.mjs';
import { s3For } from './s3-client.mjs';
import { startStoreProcess } from './store-process.mjs';

const FILES = Number(process.env.BENCH_SMALL_UPLOAD_FILES ?? 200);
const BYTES = Number(process.env.BENCH_SMALL_UPLOAD_BYTES ?? 4096);
/** The web app's files in flight (transfers.ts CONCURRENT). */
const AT_ONCE = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };

async function timed(work) {
  const t0 = performance.now();
  await work();
  return (performance.now() - t0) / 1000;
}

/** Each file read from disk and PUT, AT_ONCE at a time, as a script with the SDK would. */
async function sdkUploads(s3, paths, prefix) {
  const pending = [...paths];
  const worker = async () => {
    for (let path = pending.shift(); path !== undefined; path = pending.shift()) {
      const name = path.slice(path.lastIndexOf('/') + 1);
      await s3.send(
        new PutObjectCommand({ Bucket: 'bench', Key: `${prefix}${name}`, Body: await readFile(path) }),
      );
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

const dir = await mkdtemp(join(tmpdir(), 'stowage-small-uploads-'));
try {
  const files = join(dir, 'files');
  await mkdir(files);
  const paths = [];
  for (let i = 0; i < FILES; i++) {
    const path = join(files, `f${String(i).padStart(5, '0')}.bin`);
    await writeFile(path, randomBytes(BYTES));
    paths.push(path);
  }
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

  const rounds = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const sdk = await timed(() => sdkUploads(s3, paths, `r${r}/sdk/`));
    await page.goto(`${consoleApp.url}/buckets/bench/browse/r${r}/browser/`);
    await page.getByText('This location is empty, please try uploading a new file').waitFor();
    const browserSeconds = await timed(async () => {
      await page.getByTestId('upload-files').setInputFiles(paths);
      await page.getByText('Object(s) uploaded successfully.').first().waitFor({ timeout: 600_000 });
    });
    rounds.push({ sdk, browserSeconds });
    console.log(`round ${r}: browser ${browserSeconds.toFixed(1)}s, SDK ${sdk.toFixed(1)}s`);
  }
  await browser.close();
  s3.destroy();
  await consoleApp.close();
  await store.close();

  const rate = (seconds) => (FILES / seconds).toFixed(1);
  const ratios = rounds.map((x) => x.sdk / x.browserSeconds);
  const range = `(${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
  const browserSeconds = median(rounds.map((x) => x.browserSeconds));
  const sdk = median(rounds.map((x) => x.sdk));
  writeSection(
    'browser-small-uploads',
    `## Browser-direct upload of ${FILES} files of ${BYTES} bytes (issue 43)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}. The web app in headless
Chromium uploads the files, picked at once, straight to \`stowage server\`, two at a time: each
file that fits in one part is one PutObject the console signs (SHA-256 signed in), timed from
the pick to "Object(s) uploaded successfully."; the peer is @aws-sdk/client-s3's PutObject of
the same files read from disk, two at a time, in the same run; ${ROUNDS} rounds, medians, the
ratio's lowest and highest round in brackets (\`node bench/src/browser-small-uploads.bench.mjs\`,
BENCH_SMALL_UPLOAD_FILES, BENCH_SMALL_UPLOAD_BYTES, BENCH_ROUNDS).

| figure | browser-direct | SDK PutObject | ratio |
|---|---|---|---|
| files a second | ${rate(browserSeconds)} | ${rate(sdk)} | **${median(ratios).toFixed(2)}** ${range} |
`,
  );
  console.log(`median: browser ${rate(browserSeconds)} files/s vs SDK ${rate(sdk)} files/s`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
