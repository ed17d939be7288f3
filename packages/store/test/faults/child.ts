import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { S3Client } from '@aws-sdk/client-s3';
import { ROOT } from '@stowage/test-support/store/harness';

// The store in a child process (store-child.mjs), for fault tests that kill it or watch it
// survive: what ends that process must not end the test runner too.

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./store-child.mjs', import.meta.url));

/** Compiles the store: the child runs dist, which must match the sources under test. */
export function buildStoreDist(): void {
  execFileSync(join(REPO, 'node_modules/.bin/tsc'), ['-b', 'packages/store'], {
    cwd: REPO,
    stdio: 'inherit',
  });
}

/** Starts the store on `drives` in a child process; resolves with the child and its URL. */
export function startStoreChild(drives: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [CHILD, ...drives], {
    env: { ...process.env, STOWAGE_ROOT_USER: ROOT.accessKey, STOWAGE_ROOT_PASSWORD: ROOT.secretKey },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`store exited with ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (url) => resolve({ child, url }));
  });
}

/** A root client that reports every failure as it is (no retries). */
export const rootClient = (url: string): S3Client =>
  new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
    maxAttempts: 1,
  });
