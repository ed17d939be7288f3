// Issue #6: the web app's initial JavaScript against its 300 KiB limit, and the time from
// pressing Login to a dashboard with its widgets drawn, in Debian's Chromium, against the
// API calls that screen needs made straight from Node (the floor any web app pays).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { INITIAL_JS_LIMIT_BYTES, initialJavaScript } from '@stowage/console-web/initial-js';
import { fillLogin, launchChromium, timeClickTo } from './chromium.mjs';
import { freePort } from './ports.mjs';
import { machine, writeSection } from './report.mjs';

const CLI = new URL('../../apps/cli/bin/stowage.mjs', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

async function startStack() {
  const data = await mkdtemp(join(tmpdir(), 'stowage-bench-web-'));
  const [s3, web] = [await freePort(), await freePort()];
  const child = spawn(
    process.execPath,
    [CLI, 'start', '--data', data, '--port', String(s3), '--console-port', String(web)],
    {
      env: { ...process.env, STOWAGE_ROOT_USER: '', STOWAGE_ROOT_PASSWORD: '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  const field = (name) => out.match(new RegExp(`${name}:\\s+(\\S+)`))?.[1];
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (field('RootPass')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`stowage start exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${web}`,
    user: field('RootUser'),
    password: field('RootPass'),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(child.pid, 'SIGTERM');
      await exited;
      await rm(data, { recursive: true, force: true });
    },
  };
}

/** Login, session and the dashboard's admin info, as the web app calls them, from Node. */
async function apiFloor(stack) {
  const t0 = performance.now();
  const login = await fetch(`${stack.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ accessKey: stack.user, secretKey: stack.password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  await (await fetch(`${stack.url}/api/v1/session`, { headers: { cookie } })).json();
  const end = Math.floor(Date.now() / 1000);
  const info = await fetch(`${stack.url}/api/v1/admin/info?start=${end - 3600}&end=${end}&step=60`, {
    headers: { cookie },
  });
  const body = await info.json();
  if (!body.widgets?.length) throw new Error('admin info without widgets');
  return performance.now() - t0;
}

/**
 * Login pressed to the Uptime widget on screen, in a fresh browser context each time, on the
 * page's own clock: from the click event to the widget's panel in the DOM (a MutationObserver),
 * so that the driver's actions and polling are not in the figure.
 */
async function browserRun(browser, stack) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await fillLogin(page, stack.url, stack.user, stack.password);
  const elapsed = await timeClickTo(page, 'section[aria-label="Uptime"]', { answerOf: '/api/v1/admin/info' });
  await page.getByRole('button', { name: 'Login' }).click();
  const timing = await elapsed();
  await context.close();
  if (timing.answered === undefined) throw new Error('no /admin/info answer before the dashboard');
  return timing;
}

const bundle = initialJavaScript();
const stack = await startStack();
const browser = await launchChromium();
try {
  // Warm both paths once (first compile of the bundle, first scrape of metrics).
  await apiFloor(stack);
  await browserRun(browser, stack);
  const api = [];
  const web = [];
  const answered = [];
  // Per run: what the ratio would be were the calls answered in the browser as fast as from
  // Node, the browser's own work after the last answer being all that is left on top.
  const bound = [];
  for (let i = 0; i < RUNS; i += 1) {
    api.push(await apiFloor(stack));
    const run = await browserRun(browser, stack);
    web.push(run.ms);
    answered.push(run.answered);
    bound.push((api[i] + run.ms - run.answered) / api[i]);
  }
  const after = web.map((ms, i) => ms - answered[i]);
  const kib = (b) => `${(b / 1024).toFixed(1)} KiB`;
  const rows = bundle.assets.map(
    (a) => `| ${a.file.replace(/-[\w-]+\.js$/, '.js')} | ${kib(a.bytes)} | ${kib(a.gzipBytes)} |`,
  );
  const section = `## Web app: initial JavaScript and login to dashboard (issue #6)

Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}; Debian's Chromium headless, \`stowage start\`
(store and console in one process) on the same machine; ${RUNS} runs after one warm-up, each in a fresh browser context,
the browser's figure on the page's own clock (click event to the Uptime panel in the DOM), beside a run of the API floor.

Initial JavaScript (the entry script and its modulepreloads, gzip level 9):

| asset | raw | gzipped |
|---|---|---|
${rows.join('\n')}
| **total** | ${kib(bundle.bytes)} | **${kib(bundle.gzipBytes)}** |

Ratio to the 300 KiB limit: **${(bundle.gzipBytes / INITIAL_JS_LIMIT_BYTES).toFixed(2)}** (also asserted by \`e2e/bundle-size.e2e.ts\`).

| path | p50 | p90 | ratio of p50 |
|---|---|---|---|
| API floor: POST /login, GET /session, GET /admin/info from Node | ${median(api).toFixed(0)} ms | ${p90(api).toFixed(0)} ms | 1.00 |
| browser: Login pressed to the dashboard's widgets drawn | ${median(web).toFixed(0)} ms | ${p90(web).toFixed(0)} ms | **${(median(web) / median(api)).toFixed(2)}** |
| in it: the last call (/admin/info) answered, after the press | ${median(answered).toFixed(0)} ms | ${p90(answered).toFixed(0)} ms | ${(median(answered) / median(api)).toFixed(2)} |
| in it: the browser's own work after that answer | ${median(after).toFixed(0)} ms | ${p90(after).toFixed(0)} ms | ${(median(after) / median(api)).toFixed(2)} |

Were the three calls answered in the browser as fast as from Node, the press to the dashboard
would still be the floor plus the browser's work after the last answer: a ratio of
**${median(bound).toFixed(2)}** (median of the runs; ${Math.min(...bound).toFixed(2)}-${Math.max(...bound).toFixed(2)}), a bound no server speed lowers.
`;
  writeSection('web-dashboard', section);
  console.log(section);
} finally {
  await browser.close();
  await stack.stop();
}
