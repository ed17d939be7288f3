import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const AWS = '/usr/bin/aws';

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t.close());

// Async exec only: the store runs in this process, so a synchronous child would deadlock it.
async function aws(...args: string[]): Promise<string> {
  const { stdout } = await run(AWS, ['--endpoint-url', t.store.url, ...args], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: t.dir,
      AWS_ACCESS_KEY_ID: ROOT.accessKey,
      AWS_SECRET_ACCESS_KEY: ROOT.secretKey,
      AWS_DEFAULT_REGION: 'us-east-1',
      AWS_CONFIG_FILE: join(t.dir, 'aws-config'),
      AWS_SHARED_CREDENTIALS_FILE: join(t.dir, 'aws-credentials'),
      AWS_PAGER: '',
    },
    timeout: 60_000,
  });
  return stdout;
}

describe('awscli', () => {
  it('is installed', () => {
    expect(
      existsSync(AWS),
      'awscli is missing: run `apt-get install awscli` (the test command installs it)',
    ).toBe(true);
  });

  it('makes a bucket, copies a file in and out, and lists it', async () => {
    expect(existsSync(AWS), 'awscli is missing: run `apt-get install awscli`').toBe(true);
    expect(await aws('s3', 'mb', 's3://demo')).toContain('make_bucket: demo');
    const file = join(t.dir, 'hello.txt');
    await writeFile(file, 'hello from awscli\n');
    expect(await aws('s3', 'cp', file, 's3://demo/dir/hello.txt')).toContain('upload:');
    const listing = await aws('s3', 'ls', 's3://demo/dir/');
    expect(listing).toMatch(/\s18 hello\.txt/);
    expect(await aws('s3', 'ls')).toContain('demo');
    expect(await aws('s3', 'cp', 's3://demo/dir/hello.txt', '-')).toBe('hello from awscli\n');
  });

  it('uploads a large file in parts, copies it server-side and removes objects in bulk', async () => {
    expect(existsSync(AWS), 'awscli is missing: run `apt-get install awscli`').toBe(true);
    await aws('s3', 'mb', 's3://multi');
    const big = randomBytes(10 * 1024 * 1024);
    const file = join(t.dir, 'big.bin');
    await writeFile(file, big);
    // awscli switches to multipart above 8 MiB by default.
    await aws('s3', 'cp', file, 's3://multi/big.bin');
    // `s3 cp` between buckets would copy in parts and read object tags (not served yet).
    await aws(
      's3api',
      'copy-object',
      '--bucket',
      'multi',
      '--key',
      'copy.bin',
      '--copy-source',
      'multi/big.bin',
    );
    const back = join(t.dir, 'back.bin');
    await aws('s3', 'cp', 's3://multi/copy.bin', back);
    expect((await readFile(back)).equals(big)).toBe(true);
    expect(await aws('s3', 'rm', '--recursive', 's3://multi/')).toContain('delete: s3://multi/copy.bin');
    expect(await aws('s3api', 'list-objects-v2', '--bucket', 'multi')).not.toContain('Key');
  }, 120_000);
});
