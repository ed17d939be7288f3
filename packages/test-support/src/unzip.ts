import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A ZIP's entries and their bytes as Info-ZIP's unzip reads them (a real unzip tool, not the
 * writer's own reader): it fails on an archive that does not test clean.
 */
export async function unzipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  const dir = await mkdtemp(join(tmpdir(), 'unzip-'));
  try {
    const file = join(dir, 'download.zip');
    await writeFile(file, zip);
    await run('unzip', ['-tqq', file]);
    const { stdout } = await run('unzip', ['-Z1', file]);
    const entries = new Map<string, Buffer>();
    for (const name of stdout.split('\n').filter(Boolean)) {
      // -p prints the entry's bytes; the name is a pattern, so its wildcard characters are escaped.
      const pattern = name.replace(/[[\]*?\\]/g, (c) => `\\${c}`);
      const out = await run('unzip', ['-p', file, pattern], { encoding: 'buffer', maxBuffer: 1 << 30 });
      entries.set(name, out.stdout);
    }
    return entries;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
