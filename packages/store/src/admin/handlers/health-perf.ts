import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpDir } from '../../engine/fs/layout.js';

// The `perf` part of the health report (madmin.SpeedTestResults): a short write-then-read
// check of each drive, as MinIO's drive speedtest does but bounded for a report (a few MiB
// per drive, within a time budget), in the drive's own tmp folder. The network check
// needs peers: a single node has none, and MinIO then reports none (its Netperf returns nil).

/** How much each drive's check writes and reads at most, and in what blocks. */
export const DRIVE_CHECK_BYTES = 16 * 1024 * 1024;
export const DRIVE_CHECK_BLOCK = 1024 * 1024;

/** madmin.DrivePerf: bytes a second. */
export interface DrivePerf {
  path: string;
  readThroughput: number;
  writeThroughput: number;
  error?: string;
}

const perSecond = (bytes: number, startedNs: bigint): number => {
  const seconds = Number(process.hrtime.bigint() - startedNs) / 1e9;
  return Math.max(1, Math.round(bytes / Math.max(seconds, 1e-9)));
};

/**
 * Writes up to DRIVE_CHECK_BYTES to a scratch file on `drive` (synced to the device), reads
 * it back, and removes it. Stops early, with what it measured, once `until` (ms) passes.
 */
export async function checkDrive(drive: string, until: number): Promise<DrivePerf> {
  // No time left: nothing is written (a check still running would outlive the report).
  if (Date.now() >= until)
    return { path: drive, readThroughput: 0, writeThroughput: 0, error: 'no time left' };
  const dir = tmpDir(drive);
  const file = join(dir, `speedtest-${randomUUID()}`);
  const block = randomBytes(DRIVE_CHECK_BLOCK);
  try {
    await mkdir(dir, { recursive: true });
    const out = await open(file, 'w');
    let written = 0;
    const writeStart = process.hrtime.bigint();
    try {
      do {
        await out.write(block, 0, block.length, written);
        written += block.length;
      } while (written < DRIVE_CHECK_BYTES && Date.now() < until);
      await out.datasync();
    } finally {
      await out.close();
    }
    const writeThroughput = perSecond(written, writeStart);
    const input = await open(file, 'r');
    let read = 0;
    const readStart = process.hrtime.bigint();
    try {
      const buf = Buffer.alloc(DRIVE_CHECK_BLOCK);
      for (;;) {
        const { bytesRead } = await input.read(buf, 0, buf.length, read);
        if (bytesRead === 0) break;
        read += bytesRead;
      }
    } finally {
      await input.close();
    }
    return { path: drive, readThroughput: perSecond(read, readStart), writeThroughput };
  } catch (err) {
    return { path: drive, readThroughput: 0, writeThroughput: 0, error: (err as Error).message };
  } finally {
    await rm(file, { force: true }).catch(() => {});
  }
}

/**
 * madmin.SpeedTestResults for this node: one DriveSpeedTestResult naming the node, each
 * drive checked in turn (as MinIO's serial mode: drives sharing a device would skew a
 * parallel check). No `net`: a single node has no peer to measure against.
 */
export async function perfChecks(
  endpoint: string,
  version: string,
  drives: readonly string[],
  until: number,
): Promise<Record<string, unknown>> {
  const drivePerf: DrivePerf[] = [];
  for (const d of drives) drivePerf.push(await checkDrive(d, until));
  return { drive: [{ version, endpoint, drivePerf }] };
}
