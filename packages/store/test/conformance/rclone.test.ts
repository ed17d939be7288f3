import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const RCLONE = '/usr/bin/rclone';

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t.close());

// Async exec only: the store runs in this process, so a synchronous child would deadlock it.
async function rclone(...args: string[]): Promise<string> {
  const { stdout } = await run(RCLONE, args, {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: t.dir,
      RCLONE_CONFIG: join(t.dir, 'rclone.conf'),
      RCLONE_CONFIG_STORE_TYPE: 's3',
      RCLONE_CONFIG_STORE_PROVIDER: 'Minio',
      RCLONE_CONFIG_STORE_ENV_AUTH: 'false',
      RCLONE_CONFIG_STORE_ACCESS_KEY_ID: ROOT.accessKey,
      RCLONE_CONFIG_STORE_SECRET_ACCESS_KEY: ROOT.secretKey,
      RCLONE_CONFIG_STORE_ENDPOINT: t.store.url,
      RCLONE_CONFIG_STORE_REGION: 'us-east-1',
    },
    timeout: 120_000,
  });
  return stdout;
}

const md5 = async (file: string) =>
  createHash('md5')
    .update(await readFile(file))
    .digest('hex');

describe('rclone', () => {
  it('is installed', () => {
    expect(
      existsSync(RCLONE),
      'rclone is missing: run `apt-get install rclone` (the test command installs it)',
    ).toBe(true);
  });

  it('syncs a tree up (multipart included) and down again with identical checksums', async () => {
    expect(existsSync(RCLONE), 'rclone is missing: run `apt-get install rclone`').toBe(true);
    const up = join(t.dir, 'up');
    const files: Record<string, Buffer> = {
      'a.txt': Buffer.from('alpha\n'),
      'dir/b.bin': randomBytes(300_000),
      'dir/sub/c.bin': randomBytes(12 * 1024 * 1024),
      'space name ☃.txt': Buffer.from('unicode\n'),
    };
    for (const [name, data] of Object.entries(files)) {
      await mkdir(join(up, name, '..'), { recursive: true });
      await writeFile(join(up, name), data);
    }
    await rclone('mkdir', 'store:tree');
    // 5 MiB chunks above a 5 MiB cutoff: the 12 MiB file goes up as a 3-part multipart upload.
    await rclone('sync', up, 'store:tree', '--s3-upload-cutoff', '5M', '--s3-chunk-size', '5M');
    const listed = await rclone('lsf', '-R', '--files-only', 'store:tree');
    expect(listed.trim().split('\n').sort()).toEqual(Object.keys(files).sort());
    await rclone('check', up, 'store:tree');

    const down = join(t.dir, 'down');
    await rclone('sync', 'store:tree', down);
    for (const name of Object.keys(files))
      expect(await md5(join(down, name)), name).toBe(await md5(join(up, name)));

    // A second sync with nothing changed transfers nothing and deletes nothing.
    await rclone('sync', up, 'store:tree', '--s3-upload-cutoff', '5M', '--s3-chunk-size', '5M');
    await rclone('purge', 'store:tree');
    expect(await rclone('lsd', 'store:')).not.toContain('tree');
  }, 120_000);
});
