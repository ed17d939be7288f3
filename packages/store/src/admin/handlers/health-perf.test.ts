import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from '../../engine/fs/layout.js';
import { checkDrive, perfChecks } from './health-perf.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-perf-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('drive checks of the health report', () => {
  it('measures a write and a read on the drive and leaves nothing behind', async () => {
    const result = await checkDrive(dir, Date.now() + 60_000);
    expect(result).toEqual({
      path: dir,
      readThroughput: expect.any(Number),
      writeThroughput: expect.any(Number),
    });
    expect(result.readThroughput).toBeGreaterThan(0);
    expect(result.writeThroughput).toBeGreaterThan(0);
    expect(await readdir(tmpDir(dir))).toEqual([]);
  });

  it('writes nothing once the time is up, and names a drive it cannot write to', async () => {
    expect(await checkDrive(dir, Date.now() - 1)).toMatchObject({
      writeThroughput: 0,
      error: 'no time left',
    });
    const missing = join(dir, 'a-file');
    await writeFile(missing, '');
    expect((await checkDrive(missing, Date.now() + 60_000)).error).toBeTruthy();
  });

  it("reports as madmin.SpeedTestResults: one node's drives, no network peers", async () => {
    const perf = await perfChecks('http://node:9000', '0.1.0', [dir], Date.now() + 60_000);
    expect(perf).toEqual({
      drive: [
        {
          version: '0.1.0',
          endpoint: 'http://node:9000',
          drivePerf: [expect.objectContaining({ path: dir })],
        },
      ],
    });
  });
});
