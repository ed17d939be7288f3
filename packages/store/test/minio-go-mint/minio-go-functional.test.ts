import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GO_CACHE, goBuild } from '@stowage/test-support/go-build';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// minio-go's own functional suite (functional_tests.go, which MinIO's "mint" runs against
// every release) against the store: Debian's copy of minio-go 7.0.46, built offline in GOPATH
// mode, run in its full mode. It prints one JSON line per test: PASS, FAIL or NA.
//
// Two edits are made to the copy, both checked to apply: its build tag goes (it is its own
// program here), and its SSE-C tests run over plain HTTP, which the store allows on
// loopback as MinIO does (the suite runs them only over TLS otherwise).

const run = promisify(execFile);
const SOURCE = '/usr/share/gocode/src/github.com/minio/minio-go/v7/functional_tests.go';
const GOPATH_ROOT = join(GO_CACHE, 'mint-gopath');
const BINARY = join(GO_CACHE, 'minio-go-functional');

/** The tests that may answer NA, and why. */
const NOT_APPLICABLE: Record<string, string> = {
  // MinIO's x-minio-extract (reading inside zip files) is not part of the store.
  'minio-go: testGetObjectS3Zip': 's3zip is NotImplemented',
  // It needs an AWS SNS topic (NOTIFY_* settings); MinIO's own runs skip it the same way.
  'minio-go: testBucketNotification': 'Skipped is NotImplemented',
};

function preparedSource(): string {
  const text = readFileSync(SOURCE, 'utf8');
  const tag = '//go:build mint\n// +build mint\n';
  const gate = '\t\tif tls {\n';
  if (!text.startsWith(tag) || !text.includes(gate))
    throw new Error('functional_tests.go is not the expected version');
  return text
    .slice(tag.length)
    .replace(gate, '\t\tif tls || os.Getenv("STOWAGE_SSEC_OVER_LOOPBACK") == "1" {\n');
}

let t: TestStore;
// The suite leaves its temporary upload files behind (os.CreateTemp); it gets its own
// folder, removed afterwards, so that runs do not fill the machine's /tmp.
let suiteTmp: string;
beforeAll(async () => {
  suiteTmp = mkdtempSync(join(tmpdir(), 'mint-'));
  const dir = join(GOPATH_ROOT, 'src/mint');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'main.go'), preparedSource());
  writeFileSync(join(dir, 'go.mod'), 'module mint\n\ngo 1.19\n');
  await goBuild(dir, GOPATH_ROOT, BINARY);
  t = await startTestStore();
}, 300_000);
afterAll(async () => {
  await t?.close();
  if (suiteTmp) rmSync(suiteTmp, { recursive: true, force: true });
});

interface MintLine {
  name: string;
  status: 'PASS' | 'FAIL' | 'NA';
  alert?: string;
  error?: string;
  message?: string;
}

describe("minio-go 7's functional suite (mint) against the store", () => {
  it('passes every test, SSE-C and SSE-S3 included', async () => {
    const result = await run(BINARY, [], {
      timeout: 240_000,
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        TMPDIR: suiteTmp,
        SERVER_ENDPOINT: new URL(t.store.url).host,
        ACCESS_KEY: ROOT.accessKey,
        SECRET_KEY: ROOT.secretKey,
        ENABLE_HTTPS: '0',
        ENABLE_KMS: '1',
        MINT_MODE: 'full',
        // Every test runs, and every failure is reported, not only the first.
        RUN_ON_FAIL: '1',
        STOWAGE_SSEC_OVER_LOOPBACK: '1',
      },
    }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const lines = result.stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as MintLine);
    const failed = lines
      .filter((l) => l.status === 'FAIL')
      .map((l) => `${l.name}: ${l.message} (${l.error})`);
    expect(failed).toEqual([]);
    // Its files went to its own folder (and so nowhere else).
    expect(readdirSync(suiteTmp).length).toBeGreaterThan(0);
    const na = lines.filter((l) => l.status === 'NA').map((l) => [l.name, l.alert]);
    expect(na).toEqual(na.filter(([name, alert]) => NOT_APPLICABLE[name!] === alert));
    // The suite really ran (90 tests pass, some of them several checks): SSE-C and SSE-S3 too.
    const passed = new Set(lines.filter((l) => l.status === 'PASS').map((l) => l.name));
    expect(passed.size).toBeGreaterThanOrEqual(90);
    for (const name of [
      'testSSECEncryptionPutGet',
      'testSSES3EncryptionPutGet',
      'testComposeMultipleSources',
    ])
      expect(passed).toContain(`minio-go: ${name}`);
  }, 300_000);
});
