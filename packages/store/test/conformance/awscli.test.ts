import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startTestStore, type TestStore } from '../support/store.js';

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
});
