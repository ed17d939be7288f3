// Issue #7: the object browser on a folder of 1,000,000 objects against one of 1,000, in
// Debian's Chromium: the time from opening the folder to its first rows on screen, and the
// page's JavaScript heap (after a forced GC) once 50,000 rows have been scrolled through (all
// 1,000 in the small folder). Both folders live in one bucket of one store, behind one console.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchChromium, pageHeap, signIn, timeClickTo } from './chromium.mjs';
import { login, startConsole } from './console-process.mjs';
import { leanClient } from './lean-s3.mjs';
import { machine, writeSection } from './report.mjs';
import { seedRecords } from './seed-index.mjs';
import { startStoreProcess } from './store-process.mjs';

const HUGE = Number(process.env.BENCH_BROWSER_OBJECTS ?? 1_000_000);
const FEW = 1000;
const SCROLLED = Number(process.env.BENCH_BROWSER_SCROLL ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ROOT = { accessKey: 'benchadmin', secretKey: 'bench-secret-key-123' };
const BUCKET = 'browse';
const pad = (i, n) => String(i).padStart(String(n).length, '0');
const spread = (xs) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Loads the folder's URL in the browser (the whole app starts) and times the wait for its first row. */
async function firstRowsCold(page, url, folder) {
  await page.goto(`${url}/buckets`);
  await page.getByRole('heading', { name: 'Buckets' }).waitFor();
  const t0 = performance.now();
  await page.goto(`${url}/buckets/${BUCKET}/browse/${folder}/`);
  await page.getByRole('row').nth(1).getByRole('link').first().waitFor();
  return performance.now() - t0;
}

/**
 * Opens the folder as a user does in the running app, by clicking its link in the bucket's
 * top level, and times it on the page's own clock: from the click event to the folder's first
 * row in the DOM (a MutationObserver), so that the driver's polling is not in the figure.
 */
async function firstRowsInApp(page, url, folder) {
  await page.goto(`${url}/buckets/${BUCKET}/browse`);
  const link = page.getByRole('link', { name: folder, exact: true });
  await link.waitFor();
  const first = `/${folder}/obj-${pad(0, folder === 'huge' ? HUGE : FEW)}`;
  const elapsed = await timeClickTo(page, `a[href$="${first}"]`, {
    answerOf: `/api/v1/buckets/${BUCKET}/objects?`,
  });
  await link.click();
  const timing = await elapsed();
  if (timing.answered === undefined) throw new Error(`no listing of ${folder} before its rows`);
  return timing;
}

/** The floor under opening a folder: its first page asked of the console API from Node. */
async function listingFloor(url, cookie, folder) {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/v1/buckets/${BUCKET}/objects?prefix=${folder}%2F&limit=1000`, {
    headers: { cookie },
  });
  const body = await res.json();
  if (body.objects?.length !== 1000) throw new Error(`first page of ${folder}: ${res.status}`);
  return performance.now() - t0;
}

/** Scrolls to the end again and again until `rows` are loaded (or the folder ends). */
async function scrollThrough(page, rows) {
  const table = page.getByRole('table', { name: /^Objects in / });
  const count = async () => Number(await table.getAttribute('aria-rowcount')) - 1;
  const t0 = performance.now();
  let loaded = await count();
  for (let stalls = 0; loaded < rows && stalls < 20; ) {
    await page.getByTestId('virtual-rows').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.waitForTimeout(20);
    const now = await count();
    stalls = now === loaded ? stalls + 1 : 0;
    loaded = now;
  }
  return { loaded, ms: performance.now() - t0 };
}

const heapAfterGc = (page) => pageHeap(page);

const dir = await mkdtemp(join(tmpdir(), 'stowage-bench-browser-'));
try {
  const drives = [1, 2, 3, 4].map((n) => join(dir, `drive${n}`));
  let store = await startStoreProcess(drives, ROOT);
  const s3 = leanClient(store.url, ROOT, { sockets: 1 });
  await s3.createBucket(BUCKET);
  await s3.put(BUCKET, 'template', Buffer.from('x'));
  s3.close();
  await store.close();
  const t0 = Date.now();
  await seedRecords(drives, BUCKET, HUGE, (i) => `huge/obj-${pad(i, HUGE)}`);
  await seedRecords(drives, BUCKET, FEW, (i) => `few/obj-${pad(i, FEW)}`);
  const seedSeconds = (Date.now() - t0) / 1000;

  store = await startStoreProcess(drives, ROOT);
  const web = await startConsole(store.url);
  const browser = await launchChromium();
  const results = {};
  try {
    for (const [folder, target] of [
      ['few', FEW],
      ['huge', SCROLLED],
    ]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await signIn(page, web.url, ROOT.accessKey, ROOT.secretKey);
      const who = await login(web.url, ROOT);
      // Warm-up, then the runs: each opening next to a call of the API floor, alternately.
      await firstRowsCold(page, web.url, folder);
      await firstRowsInApp(page, web.url, folder);
      await listingFloor(web.url, who.cookie, folder);
      const cold = [];
      const times = [];
      const after = [];
      const floor = [];
      for (let i = 0; i < RUNS; i++) {
        const opened = await firstRowsInApp(page, web.url, folder);
        times.push(opened.ms);
        after.push(opened.ms - opened.answered);
        floor.push(await listingFloor(web.url, who.cookie, folder));
        cold.push(await firstRowsCold(page, web.url, folder));
      }
      let listings = 0;
      page.on('request', (r) => {
        if (r.url().includes(`/api/v1/buckets/${BUCKET}/objects?`)) listings += 1;
      });
      const heapBefore = await heapAfterGc(page);
      const scroll = await scrollThrough(page, target);
      const heap = await heapAfterGc(page);
      const domRows = await page.getByRole('row').count();
      results[folder] = {
        first: median(times),
        floor: median(floor),
        ratios: times.map((t, i) => t / floor[i]),
        after: median(after),
        // The ratio were the answer in the browser as fast as from Node: the floor plus the
        // browser's own work after the answer.
        bounds: after.map((a, i) => (floor[i] + a) / floor[i]),
        cold: median(cold),
        heapBefore,
        heap,
        domRows,
        listings,
        ...scroll,
      };
      console.log(folder, results[folder]);
      await context.close();
    }
  } finally {
    await browser.close();
    await web.close();
    await store.close();
  }

  const { few, huge } = results;
  const mib = (b) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
  const ms = (x) => `${x.toFixed(0)} ms`;
  writeSection(
    'web-browser',
    `## Object browser: a ${HUGE.toLocaleString('en')}-object folder against a ${FEW.toLocaleString('en')}-object one (issue #7)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; Debian's Chromium headless (1280×900), \`stowage console\`
in front of \`stowage server\` (4 drives, EC 2+2), both folders in one bucket. The big folder's records were written
straight into the drives' indexes (${seedSeconds.toFixed(0)} s). First rows: median of ${RUNS} openings of the folder from
its bucket's top level (a click, timed on the page's clock from the click event to
the first row in the DOM), each beside the same first page fetched from Node (the API floor), after a warm-up;
the link fetches its first page on intent (a pointer resting on it, or the press), as in the app. The cold figure loads
the folder's URL, so that the whole app starts first. Heap: the page's used JavaScript heap after a forced garbage collection, once
${SCROLLED.toLocaleString('en')} rows of the big folder (all ${FEW.toLocaleString('en')} of the small one) had been scrolled through.

| | ${HUGE.toLocaleString('en')} objects | ${FEW.toLocaleString('en')} objects | ratio |
|---|---|---|---|
| time to first rows, opened from the bucket (in the app) | ${ms(huge.first)} | ${ms(few.first)} | **${(huge.first / few.first).toFixed(2)}** |
| API floor: the same first page from Node | ${ms(huge.floor)} | ${ms(few.floor)} | |
| first rows / API floor (median of the runs' ratios) | **${median(huge.ratios).toFixed(2)}** (${spread(huge.ratios)}) | **${median(few.ratios).toFixed(2)}** (${spread(few.ratios)}) | |
| in it: the browser's own work after the listing's answer | ${ms(huge.after)} | ${ms(few.after)} | |
| the ratio were the answer as fast in the browser as from Node (floor + that work) | ${median(huge.bounds).toFixed(2)} (${spread(huge.bounds)}) | ${median(few.bounds).toFixed(2)} (${spread(few.bounds)}) | |
| time to first rows, the folder's URL loaded (the whole app starts) | ${ms(huge.cold)} | ${ms(few.cold)} | **${(huge.cold / few.cold).toFixed(2)}** |
| rows loaded (page requests while scrolling) | ${huge.loaded.toLocaleString('en')} (${huge.listings}, ${ms(huge.ms)}) | ${few.loaded.toLocaleString('en')} (${few.listings}) | |
| JS heap after scrolling | ${mib(huge.heap)} | ${mib(few.heap)} | **${(huge.heap / few.heap).toFixed(2)}** |
| heap growth from the first page | ${mib(huge.heap - huge.heapBefore)} | ${mib(few.heap - few.heapBefore)} | |
| table rows in the DOM | ${huge.domRows} | ${few.domRows} | |

The listing is paged by the server (1,000 entries a page, fetched as the end of the loaded rows comes into view) and
drawn virtually (rows 40 px, 10 rows of overscan), so the DOM holds the same few dozen rows in both folders; what
grows is the loaded entries themselves, ${((huge.heap - huge.heapBefore) / huge.loaded).toFixed(0)} bytes a row.
`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
