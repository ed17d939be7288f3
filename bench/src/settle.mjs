// Before a measured phase: the disk left as no earlier phase or benchmark would tilt it.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Writes the page cache back, then waits out ext4's memory of recent deletes. On a file
 * system without a journal (this machine's root), a new inode skips every inode deleted in
 * the last 5 s, or the last 5 minutes while its inode table block is still dirty, scanning
 * past each one: after a benchmark removes its tens of thousands of files, creating files
 * costs several times more for minutes (s3rver's 4 KiB PUTs ran from 470 to 1700 a second
 * with it). Written back, those blocks are clean, and after 6 s none counts as recent.
 */
export async function settleDisk() {
  execFileSync('sync');
  await sleep(6000);
}

/** Flushes dirty pages and drops the page cache (root only): reads then come from the disk. False when not allowed. */
export function coldCache() {
  try {
    // drop_caches drops clean pages only: write the dirty ones back first, so a read does not
    // share the disk with the writeback of what the phase before it wrote.
    execFileSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}
