import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as s3sdk from '@aws-sdk/client-s3';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// restic (Debian's 0.14, a backup tool built on minio-go) keeps its repository in a bucket:
// back up a tree, verify every byte of the repository, restore it, change it, prune.

const run = promisify(execFile);
const RESTIC = '/usr/bin/restic';
const REPO_PASSWORD = 'restic-repository-password';

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new s3sdk.CreateBucketCommand({ Bucket: 'backups' }));
});
afterAll(() => t.close());

// Async exec only: the store runs in this process, so a synchronous child would deadlock it.
async function restic(...args: string[]): Promise<string> {
  const { stdout } = await run(RESTIC, ['--no-cache', '--repo', `s3:${t.store.url}/backups/host1`, ...args], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: t.dir,
      AWS_ACCESS_KEY_ID: ROOT.accessKey,
      AWS_SECRET_ACCESS_KEY: ROOT.secretKey,
      RESTIC_PASSWORD: REPO_PASSWORD,
    },
    timeout: 180_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

const sha = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

describe('restic', () => {
  it('is installed', () => {
    expect(
      existsSync(RESTIC),
      'restic is missing: run `apt-get install restic` (the test command installs it)',
    ).toBe(true);
  });

  it('backs a tree up, verifies all of its data, restores it whole, and prunes', async () => {
    expect(existsSync(RESTIC), 'restic is missing: run `apt-get install restic`').toBe(true);
    const src = join(t.dir, 'src');
    const files: Record<string, Buffer> = {
      'notes.txt': Buffer.from('first\n'),
      'photos/large.bin': randomBytes(24 * 1024 * 1024),
      'photos/small.bin': randomBytes(70_000),
      'deep/a/b/c ☃.txt': Buffer.from('unicode name\n'),
    };
    for (const [name, data] of Object.entries(files)) {
      await mkdir(join(src, name, '..'), { recursive: true });
      await writeFile(join(src, name), data);
    }
    await restic('init');
    await restic('backup', '--host', 'h', src);
    // A second backup after a change: new data goes up, the rest is shared.
    await writeFile(join(src, 'notes.txt'), 'second\n');
    await restic('backup', '--host', 'h', src);
    const snapshots = JSON.parse(await restic('snapshots', '--json')) as { id: string }[];
    expect(snapshots).toHaveLength(2);
    // Every pack file read back and its content hashes checked.
    await restic('check', '--read-data');

    const restored = join(t.dir, 'restored');
    await restic('restore', 'latest', '--target', restored);
    for (const name of Object.keys(files))
      expect(await sha(join(restored, src, name)), name).toBe(await sha(join(src, name)));

    // Forgetting the first snapshot and pruning deletes and rewrites objects in the bucket.
    await restic('forget', '--keep-last', '1', '--prune');
    expect(JSON.parse(await restic('snapshots', '--json'))).toHaveLength(1);
    await restic('check', '--read-data');
    const listed = await t.s3.send(
      new s3sdk.ListObjectsV2Command({ Bucket: 'backups', Prefix: 'host1/data/' }),
    );
    expect(listed.KeyCount).toBeGreaterThan(0);
  }, 300_000);
});
