import { readdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../fs/atomic.js';
import { tmpDir } from '../fs/layout.js';
import { mkdir, rm } from '../fs/os.js';
import { type ErasureParams, quorumError } from './params.js';
import { askAll, countUnreachable, type DriveAnswer, doAll, successes } from './quorum.js';
import { writeQuorumFailure } from './space.js';

// Small documents (bucket records, the system namespace) are replicated whole to every
// drive: they are tiny, and any single intact copy is enough to read them.

type CopyAnswers = DriveAnswer<string>[];

/** Each distinct copy the drives hold, with how many hold it; the most held first. */
function copies(answers: CopyAnswers): { counts: Map<string, number>; best?: [string, number] } {
  const counts = new Map<string, number>();
  for (const a of answers) if (typeof a === 'object') counts.set(a.value, (counts.get(a.value) ?? 0) + 1);
  let best: [string, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  return best ? { counts, best } : { counts };
}

/** The content most drives agree on; absent when that is what quorum says. */
export async function readReplicated(
  drives: readonly string[],
  params: ErasureParams,
  pathOf: (drive: string) => string,
): Promise<string | undefined> {
  const answers = await askAll(drives, (d) => readFile(pathOf(d), 'utf8'));
  const { counts, best } = copies(answers);
  const absent = answers.filter((a) => a === 'absent').length;
  // A copy beats as many "absent" answers: those drives missed the write and heal later.
  if (best && best[1] >= params.readQuorum && best[1] >= absent) return best[0];
  if (!best && absent >= params.readQuorum) return undefined;
  const gone = await countUnreachable(drives, answers);
  if (drives.length - gone < params.readQuorum) throw quorumError('read');
  let present = 0;
  for (const n of counts.values()) present += n;
  const trulyAbsent = drives.length - gone - present;
  return best && best[1] >= trulyAbsent ? best[0] : undefined;
}

/** The copy most drives hold, however few hold one (undefined when none does). */
export async function readAnyCopy(
  drives: readonly string[],
  pathOf: (drive: string) => string,
): Promise<string | undefined> {
  return copies(await askAll(drives, (d) => readFile(pathOf(d), 'utf8'))).best?.[0];
}

export async function writeReplicated(
  drives: readonly string[],
  params: ErasureParams,
  pathOf: (drive: string) => string,
  content: string,
  mode?: number,
): Promise<void> {
  const ok = await doAll(drives, async (d) => {
    const file = pathOf(d);
    await mkdir(dirname(file), { recursive: true });
    await writeFileAtomic(file, content, { tmpDir: tmpDir(d), ...(mode === undefined ? {} : { mode }) });
  });
  if (successes(ok) < params.writeQuorum) throw writeQuorumFailure(drives, params.writeQuorum);
}

export async function removeReplicated(
  drives: readonly string[],
  params: ErasureParams,
  pathOf: (drive: string) => string,
): Promise<void> {
  const ok = await doAll(drives, (d) => rm(pathOf(d), { force: true }));
  if (successes(ok) < params.writeQuorum) throw quorumError('write');
}

/** Names of files in a folder on any drive (readers then apply quorum to each). */
export async function listReplicated(
  drives: readonly string[],
  dirOf: (drive: string) => string,
): Promise<string[]> {
  const answers = await askAll(drives, async (d) =>
    (await readdir(dirOf(d), { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name),
  );
  const names = new Set<string>();
  for (const a of answers) if (typeof a === 'object') for (const n of a.value) names.add(n);
  return [...names];
}
