// The Kubernetes client adds about 84 MiB to a process (BENCHMARKS.md, console transfer), so only
// operator mode may load it. The built CLI runs with a resolve hook that records every package
// the process imports.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const STOWAGE = fileURLToPath(new URL('../bin/stowage.mjs', import.meta.url));
const RECORDER = fileURLToPath(new URL('./fixtures/record-packages.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'stowage-kube-loading-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the console with `args` until it says where it listens; the packages it imported by then. */
async function packagesAtStart(name: string, args: string[]): Promise<Set<string>> {
  const record = join(dir, `${name}.txt`);
  writeFileSync(record, '');
  const child = spawn(
    process.execPath,
    ['--import', RECORDER, STOWAGE, 'console', ...args, '--console-port', '0'],
    {
      env: { ...process.env, RECORD_PACKAGES_TO: record },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    await listening(child);
  } finally {
    child.kill('SIGTERM');
  }
  return new Set(readFileSync(record, 'utf8').split('\n').filter(Boolean));
}

function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Console:')) resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.on('exit', (code) =>
      reject(new Error(`the console exited (${code}) before listening:\n${output}`)),
    );
  });
}

describe('the Kubernetes client is loaded by operator mode only', () => {
  it('a console for a server starts without it', async () => {
    const packages = await packagesAtStart('server', ['--server', 'http://127.0.0.1:9']);
    // The recorder sees the console's own packages, so an absence below means something.
    expect(packages).toContain('fastify');
    expect(packages).toContain('minio');
    expect(packages).not.toContain('@kubernetes/client-node');
  }, 60_000);

  it('an operator console loads it at start', async () => {
    const kubeconfig = join(dir, 'kubeconfig.yaml');
    writeFileSync(
      kubeconfig,
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters: [{name: c, cluster: {server: "https://127.0.0.1:9"}}]',
        'users: [{name: u, user: {token: never-used}}]',
        'contexts: [{name: c, context: {cluster: c, user: u}}]',
        'current-context: c',
        '',
      ].join('\n'),
    );
    const packages = await packagesAtStart('operator', ['--operator', '--kubeconfig', kubeconfig]);
    expect(packages).toContain('@kubernetes/client-node');
  }, 60_000);
});
