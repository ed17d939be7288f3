// Set-up steps shared by `npm start` and `npm test`: each does nothing when already done, so a
// fresh machine and a warm one run the same commands.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (res.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed with ${res.status ?? res.signal}`);
  }
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Newest modification time under a folder, skipping dependencies and build output. */
function newestUnder(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(full) : mtime(full));
  }
  return newest;
}

/** npm dependencies, installed from the lockfile when missing or older than it. */
export function ensureDependencies() {
  const marker = join(root, 'node_modules/.package-lock.json');
  if (existsSync(marker) && mtime(marker) >= mtime(join(root, 'package-lock.json'))) return;
  // better-sqlite3 (the audit log's SQLite on Node 20) compiles at install: its prebuilt
  // binaries come from GitHub, which a machine that reaches only the npm registry cannot fetch.
  ensureDebianPackages([
    { name: 'python3', command: 'python3' },
    { name: 'make', command: 'make' },
    { name: 'g++', command: 'g++' },
  ]);
  console.log('» installing npm dependencies');
  // `npm install`, not `npm ci`: npm 11 leaves other platforms' optional packages (Biome's, for
  // one) out of the lockfile, and `npm ci` then refuses the lockfile as out of sync.
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Whether a command of that name is anywhere on PATH. */
function onPath(command) {
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, command)));
}

/**
 * Debian packages, installed with apt-get when a binary is missing (the machine runs as root).
 * `binary` is a path the package installs; `command` is met by any program of that name on PATH.
 */
export function ensureDebianPackages(packages) {
  const present = ({ binary, command }) => (command ? onPath(command) : existsSync(binary));
  const missing = packages.filter((p) => !present(p)).map(({ name }) => name);
  if (missing.length === 0) return;
  console.log(`» installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
}

/** TypeScript builds incrementally; the web bundle only when its sources changed. */
export function ensureBuilt() {
  console.log('» building');
  run('npx', ['tsc', '-b', 'tsconfig.build.json']);
  const web = join(root, 'apps/console-web');
  const built = mtime(join(web, 'dist/index.html'));
  const sources = Math.max(
    newestUnder(join(web, 'src')),
    mtime(join(web, 'index.html')),
    newestUnder(join(root, 'packages/contract/src')),
  );
  if (built < sources) run('npm', ['run', 'build', '-w', '@stowage/console-web']);
}

/**
 * kube-apiserver, built once per machine from Debian's `kubernetes` source package and cached
 * outside the repository (packages/test-support/src/kube/build-apiserver.sh prints its path; a no-op when present).
 */
export function ensureKubeApiserver() {
  run('sh', [join(root, 'packages/test-support/src/kube/build-apiserver.sh')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Node 24 LTS, the other supported runtime, from the npm registry's `node` package (npx caches it);
 *  returns the path of its binary. */
export function ensureNode24() {
  const res = spawnSync('npx', ['-y', '-p', 'node@24', 'node', '-p', 'process.execPath'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`could not get Node 24 from the npm registry: ${res.stderr}`);
  return res.stdout.trim();
}
