import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, test } from 'vitest';

// No file imports another package's files by relative path: a package's tests and code reach
// another package through its name and its exports (ARCHITECTURE.md, issue 40). A quick
// complement to the dependency checker, over every source file of the repository.

const ROOT = resolve(import.meta.dirname, '../../..');
/** This file, whose samples of forbidden imports are text, not imports. */
const SELF = relative(ROOT, import.meta.filename)
  .split(sep)
  .join('/');
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const SKIP = new Set(['node_modules', 'dist', 'screenshots', '.git']);
/** `from '…'`, `import('…')`, `vi.mock('…')` and bare `import '…'` with a relative specifier. */
const RELATIVE_IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bvi\.mock\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

const workspaces: string[] = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).workspaces;

/** The workspace folder a repository path belongs to; '' for the repository's own files (scripts/…). */
export function packageOf(path: string, packages: string[] = workspaces): string {
  return packages.find((p) => path === p || path.startsWith(`${p}/`)) ?? '';
}

export interface CrossImport {
  file: string;
  specifier: string;
}

/** The relative imports in `text` (the file at repository path `file`) that leave its package. */
export function crossPackageImports(
  file: string,
  text: string,
  packages: string[] = workspaces,
): CrossImport[] {
  const own = packageOf(file, packages);
  const found: CrossImport[] = [];
  for (const [, specifier] of text.matchAll(RELATIVE_IMPORT)) {
    const target = join(dirname(file), specifier!);
    if (target.startsWith('..') || packageOf(target, packages) !== own)
      found.push({ file, specifier: specifier! });
  }
  return found;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

describe('cross-package imports', () => {
  test('no file in the repository imports another package by relative path', () => {
    const found = ['packages', 'apps', 'e2e', 'bench', 'scripts'].flatMap((top) =>
      [...sourceFiles(join(ROOT, top))].flatMap((path) => {
        const file = relative(ROOT, path).split(sep).join('/');
        return file === SELF ? [] : crossPackageImports(file, readFileSync(path, 'utf8'));
      }),
    );
    expect(found).toEqual([]);
  });

  test('the check catches a deliberately added back-edge, and passes imports inside a package', () => {
    const packages = ['packages/store', 'apps/console-api'];
    const text = [
      "import { objectDir } from '../../../packages/store/src/engine/fs/layout.js';",
      "const m = await import('../../scripts/kube/cluster.mjs');",
      "import { startTestApi } from './harness.js';",
      "import { helper } from '../src/services/helper.js';",
    ].join('\n');
    expect(crossPackageImports('apps/console-api/test/sockets.test.ts', text, packages)).toEqual([
      {
        file: 'apps/console-api/test/sockets.test.ts',
        specifier: '../../../packages/store/src/engine/fs/layout.js',
      },
      { file: 'apps/console-api/test/sockets.test.ts', specifier: '../../scripts/kube/cluster.mjs' },
    ]);
    expect(packageOf('scripts/start.mjs', packages)).toBe('');
  });
});
