// `stowage start` smoke: the built product under whichever Node runs this script. `npm test` runs it
// under Node 24 (from the npm registry's `node` package) beside the suite under Node 20, so both
// supported runtimes start the store and console, serve the web app, log in, create a bucket and
// store an object, and stop cleanly. Exits 0 on success; prints what failed otherwise.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../apps/cli/bin/stowage.mjs', import.meta.url));
const START_LIMIT_MS = 60_000;

/** Spawns `stowage start` on port 0 and resolves with the fields it prints once it serves. */
function startProduct(dataDir) {
  const child = spawn(
    process.execPath,
    [CLI, 'start', '--data', dataDir, '--port', '0', '--console-port', '0'],
    {
      env: {
        ...process.env,
        STOWAGE_ROOT_USER: '',
        STOWAGE_ROOT_PASSWORD: '',
        MINIO_ROOT_USER: '',
        MINIO_ROOT_PASSWORD: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const field = (name) => output.match(new RegExp(`${name}:\\s+(\\S+)`))?.[1];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`stowage start did not start:\n${output}`)),
      START_LIMIT_MS,
    );
    const onData = (d) => {
      output += d;
      if (field('RootPass')) {
        clearTimeout(timer);
        resolve({
          child,
          output: () => output,
          consoleUrl: field('Console').replace(/\/$/, ''),
          s3Url: field('S3 API'),
          user: field('RootUser'),
          password: field('RootPass'),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stowage start exited with ${code}:\n${output}`));
    });
  });
}

async function expectStatus(res, status, what) {
  if (res.status !== status)
    throw new Error(`${what}: expected ${status}, got ${res.status} ${await res.text()}`);
  return res;
}

async function smoke(product) {
  const { consoleUrl, s3Url } = product;
  await expectStatus(await fetch(`${s3Url}/minio/health/live`), 200, 'store health');
  const page = await expectStatus(await fetch(`${consoleUrl}/`), 200, 'console page');
  if (!(await page.text()).includes('<div id="root">')) throw new Error('console page: no web app');

  const login = await expectStatus(
    await fetch(`${consoleUrl}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessKey: product.user, secretKey: product.password }),
    }),
    204,
    'login',
  );
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = await (
    await expectStatus(await fetch(`${consoleUrl}/api/v1/session`, { headers: { cookie } }), 200, 'session')
  ).json();
  const headers = { cookie, 'x-csrf-token': session.csrfToken, 'content-type': 'application/json' };
  const bucket = `smoke-${process.versions.node.split('.')[0]}`;
  await expectStatus(
    await fetch(`${consoleUrl}/api/v1/buckets`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: bucket }),
    }),
    201,
    'create bucket',
  );
  const listed = await (
    await expectStatus(await fetch(`${consoleUrl}/api/v1/buckets`, { headers }), 200, 'list buckets')
  ).json();
  if (!listed.buckets?.some((b) => b.name === bucket)) throw new Error(`list buckets: ${bucket} missing`);
}

async function stop(product) {
  const exited = new Promise((r) => product.child.once('exit', (code, signal) => r({ code, signal })));
  product.child.kill('SIGTERM');
  const { code, signal } = await exited;
  if (code !== 0 && signal !== 'SIGTERM')
    throw new Error(`stowage start stopped with ${code ?? signal}:\n${product.output()}`);
}

const dataDir = await mkdtemp(join(tmpdir(), 'stowage-smoke-'));
let product;
try {
  product = await startProduct(dataDir);
  await smoke(product);
  await stop(product);
  product = undefined;
  console.log(`stowage start smoke passed under Node ${process.versions.node}`);
} catch (err) {
  console.error(`stowage start smoke failed under Node ${process.versions.node}: ${err.message}`);
  if (product) console.error(product.output());
  process.exitCode = 1;
} finally {
  if (product?.child.exitCode === null) product.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
}
