import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const S3CMD = '/usr/bin/s3cmd';

let t: TestStore;
let config = '';
beforeAll(async () => {
  t = await startTestStore();
  config = join(t.dir, 's3cfg');
  const host = new URL(t.store.url).host;
  await writeFile(
    config,
    [
      '[default]',
      `access_key = ${ROOT.accessKey}`,
      `secret_key = ${ROOT.secretKey}`,
      `host_base = ${host}`,
      `host_bucket = ${host}`,
      'use_https = False',
      'signature_v2 = False',
      'bucket_location = us-east-1',
      '',
    ].join('\n'),
  );
});
afterAll(() => t.close());

// Async exec only: the store runs in this process, so a synchronous child would deadlock it.
async function s3cmd(...args: string[]): Promise<string> {
  return s3cmdWith(config, ...args);
}

async function s3cmdWith(configFile: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(S3CMD, ['-c', configFile, ...args], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: t.dir },
    timeout: 120_000,
  });
  return stdout;
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe('s3cmd', () => {
  it('is installed', () => {
    expect(
      existsSync(S3CMD),
      's3cmd is missing: run `apt-get install s3cmd` (the test command installs it)',
    ).toBe(true);
  });

  it('makes a bucket, puts (multipart), lists, copies, gets and deletes', async () => {
    expect(existsSync(S3CMD), 's3cmd is missing: run `apt-get install s3cmd`').toBe(true);
    await s3cmd('mb', 's3://cmd');
    const big = randomBytes(11 * 1024 * 1024);
    const file = join(t.dir, 'big.bin');
    await writeFile(file, big);
    await s3cmd('put', '--multipart-chunk-size-mb=5', file, 's3://cmd/dir/big.bin');
    expect(await s3cmd('ls', 's3://cmd/dir/')).toContain('s3://cmd/dir/big.bin');
    await s3cmd('cp', 's3://cmd/dir/big.bin', 's3://cmd/copy.bin');
    const back = join(t.dir, 'back.bin');
    await s3cmd('get', '--force', 's3://cmd/copy.bin', back);
    expect(md5(await readFile(back))).toBe(md5(big));
    await s3cmd('del', 's3://cmd/dir/big.bin', 's3://cmd/copy.bin');
    expect(await s3cmd('ls', 's3://cmd')).toBe('');
    await s3cmd('rb', 's3://cmd');
  }, 120_000);

  it('signs with Signature Version 2 (signature_v2 = True): sub-resources, listings, deletes', async () => {
    expect(existsSync(S3CMD), 's3cmd is missing: run `apt-get install s3cmd`').toBe(true);
    const v2 = join(t.dir, 's3cfg-v2');
    await writeFile(
      v2,
      (await readFile(config, 'utf8')).replace('signature_v2 = False', 'signature_v2 = True'),
    );
    await s3cmdWith(v2, 'mb', 's3://cmdv2');
    const file = join(t.dir, 'small.txt');
    await writeFile(file, 'v2 signed');
    await s3cmdWith(v2, 'put', file, 's3://cmdv2/dir/small.txt');
    await s3cmdWith(v2, 'setacl', '--acl-private', 's3://cmdv2/dir/small.txt');
    expect(await s3cmdWith(v2, 'ls', 's3://cmdv2/dir/')).toContain('s3://cmdv2/dir/small.txt');
    // info reads the bucket's location, ACL, policy, CORS and lifecycle: one sub-resource each.
    expect(await s3cmdWith(v2, 'info', 's3://cmdv2')).toContain('s3://cmdv2/');
    const back = join(t.dir, 'small-back.txt');
    await s3cmdWith(v2, 'get', '--force', 's3://cmdv2/dir/small.txt', back);
    expect(await readFile(back, 'utf8')).toBe('v2 signed');
    await s3cmdWith(v2, 'del', '--recursive', '--force', 's3://cmdv2/dir/');
    await s3cmdWith(v2, 'rb', 's3://cmdv2');
  }, 120_000);
});
