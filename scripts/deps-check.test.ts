import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The dependency check of `npm test` (npm run deps:check): it passes on the tree, and a
// back-edge fails it by the rule's name. The back-edges are written into a fixture tree
// outside the sources that mirrors their folders, so the real tree is never touched.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Run {
  code: number;
  output: string;
}

/** depcruise with the project's config, over `folders` of `cwd`. */
function check(cwd: string, folders: string[]): Promise<Run> {
  const args = [
    depcruise,
    ...folders,
    '--config',
    join(root, '.dependency-cruiser.cjs'),
    '--output-type',
    'err',
  ];
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd }, (err, stdout, stderr) => {
      done({ code: err ? Number(err.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

let fixture = '';

/** An import line for a fixture file, built so that the repository's own import checks
 *  (packages/test-support/src/repo-rules.test.ts) do not read it as one of this file's imports. */
const importOf = (names: string, specifier: string): string => `import ${names} from '${specifier}';\n`;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(fixture, path)), { recursive: true });
  await writeFile(join(fixture, path), text);
}

beforeAll(async () => {
  fixture = await mkdtemp(join(tmpdir(), 'stowage-deps-'));
});

afterAll(async () => {
  if (fixture) await rm(fixture, { recursive: true, force: true });
});

describe('the dependency check', () => {
  it('passes on the tree', async () => {
    const run = await check(root, ['packages', 'apps', 'e2e', 'bench']);
    expect(run.output).toContain('no dependency violations found');
    expect(run.code).toBe(0);
    // The whole repository: a few thousand imports on a shared machine.
  }, 180_000);

  it('passes imports that go down the layers', async () => {
    await put(
      'down/packages/store/src/s3/router.ts',
      "import { logger } from '../observe/logger.js';\nexport const route = logger;\n",
    );
    await put(
      'down/packages/store/src/observe/logger.ts',
      "import { kv } from '../config/kv.js';\nexport const logger = kv;\n",
    );
    await put('down/packages/store/src/config/kv.ts', 'export const kv = 1;\n');
    await put(
      'down/apps/console-web/src/page.ts',
      `${importOf('{ route }', '../../../packages/contract/src/index.js')}export const page = route;\n`,
    );
    await put('down/packages/contract/src/index.ts', 'export const route = 1;\n');
    const run = await check(join(fixture, 'down'), ['packages', 'apps']);
    expect(run.output).toContain('no dependency violations found');
    expect(run.code).toBe(0);
  });

  it('fails on a store folder importing a layer above it, naming the rule and the edge', async () => {
    await put('up/packages/store/src/s3/router.ts', 'export const route = 1;\n');
    await put(
      'up/packages/store/src/engine/back-edge.ts',
      "import { route } from '../s3/router.js';\nexport const edge = route;\n",
    );
    await put('up/packages/store/src/iam/errors.ts', "export { ApiError } from '../wire/errors.js';\n");
    await put('up/packages/store/src/wire/errors.ts', 'export class ApiError extends Error {}\n');
    const run = await check(join(fixture, 'up'), ['packages']);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain(
      'error store-layer-engine: packages/store/src/engine/back-edge.ts → packages/store/src/s3/router.ts',
    );
    expect(run.output).toContain(
      'error store-domain-throws-no-wire-error: packages/store/src/iam/errors.ts → packages/store/src/wire/errors.ts',
    );
  });

  it('fails on the browser app importing a server package or a node builtin', async () => {
    await put('web/packages/store/src/index.ts', 'export const store = 1;\n');
    await put(
      'web/apps/console-web/src/leak.ts',
      `import { readFileSync } from 'node:fs';\n${importOf('{ store }', '../../../packages/store/src/index.js')}export const leak = [store, readFileSync];\n`,
    );
    const run = await check(join(fixture, 'web'), ['packages', 'apps']);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('error web-imports-no-server-package: apps/console-web/src/leak.ts');
    expect(run.output).toContain('error web-imports-no-node-builtin: apps/console-web/src/leak.ts → fs');
  });

  it('fails on a package importing an app', async () => {
    await put('pkg/apps/console-api/src/index.ts', 'export const api = 1;\n');
    await put(
      'pkg/packages/madmin/src/client.ts',
      importOf('{ api }', '../../../apps/console-api/src/index.js').replace('import', 'export'),
    );
    const run = await check(join(fixture, 'pkg'), ['packages', 'apps']);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('error no-package-imports-app: packages/madmin/src/client.ts');
  });

  it('fails on the multipart parser importing another workspace package', async () => {
    await put('leaf/packages/store/src/wire/errors.ts', 'export class ApiError extends Error {}\n');
    await put(
      'leaf/packages/multipart/src/reader.ts',
      importOf('{ ApiError }', '../../store/src/wire/errors.js').replace('import', 'export'),
    );
    const run = await check(join(fixture, 'leaf'), ['packages']);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('error multipart-imports-no-workspace: packages/multipart/src/reader.ts');
  });
});
