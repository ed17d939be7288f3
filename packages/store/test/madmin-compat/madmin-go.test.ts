import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestStore, type TestStore } from '../support/store.js';

// The store driven by the real madmin-go 2.0.7 and minio-go 7: Debian's Go sources, built
// offline in GOPATH mode (src/compat carries a go.mod so that the /v2 and /v7 import paths
// resolve). The program checks every admin call the store answers and prints one line per
// check; it exits non-zero on any mismatch.

const run = promisify(execFile);
const GOPATH_ROOT = new URL('.', import.meta.url).pathname;
// Build products stay outside the repository, cached between runs.
const CACHE = join(tmpdir(), 'stowage-go-cache');
const BINARY = join(CACHE, 'madmin-compat');

let t: TestStore;
beforeAll(async () => {
  mkdirSync(CACHE, { recursive: true });
  await run('go', ['build', '-o', BINARY, '.'], {
    cwd: join(GOPATH_ROOT, 'src/compat'),
    env: {
      ...process.env,
      GOPATH: `${GOPATH_ROOT}:/usr/share/gocode`,
      GO111MODULE: 'off',
      GOPROXY: 'off',
      GOFLAGS: '',
      GOCACHE: join(CACHE, 'build'),
    },
  });
  t = await startTestStore();
}, 300_000);
afterAll(() => t?.close());

describe('madmin-go 2.0.7 against the store', () => {
  it('passes every check of the Go compatibility program', async () => {
    const endpoint = new URL(t.store.url).host;
    const result = await run(BINARY, [endpoint, ROOT.accessKey, ROOT.secretKey], { timeout: 120_000 }).catch(
      (err: { stdout?: string; code?: number }) => ({ stdout: err.stdout ?? '', code: err.code }),
    );
    const lines = result.stdout.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(lines.at(-1)).toBe('0 failed');
    // The program really ran its checks (a build that printed nothing would not pass).
    expect(lines.filter((l) => l.startsWith('ok ')).length).toBeGreaterThan(40);
  }, 150_000);
});
