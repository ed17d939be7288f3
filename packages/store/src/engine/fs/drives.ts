import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type DriveFormat, driveFormat, formatJson, migrateFormat } from '../../format/format-json.js';
import { setDriveCount } from '../erasure/sets/set-layout.js';
import { readJsonFile, writeFileAtomic } from './atomic.js';
import { indexFilePath } from './drive-index.js';
import { bucketsDir, configDir, formatPath, tmpDir } from './layout.js';
import { migrateToIndex } from './migrate-index.js';
import { mkdir, rm } from './os.js';

export interface DriveSet {
  deploymentId: string;
  /** Absolute drive paths, in set order. */
  drives: string[];
  /** Drives formatted by this start (new, or wiped since): heal copies documents to them. */
  fresh?: boolean[];
  /** The deployment's drives per erasure set (initDrives: the drives are all of them). */
  setDrives?: number;
  /** Where this set sits in the deployment: its first drive's position, and the deployment's drive count. */
  first?: number;
  total?: number;
}

/** The erasure sets of a deployment initDrives opened: consecutive positions, setDrives each. */
export function splitSets(deployment: DriveSet): DriveSet[] {
  const size = deployment.setDrives ?? deployment.drives.length;
  const total = deployment.drives.length;
  return Array.from({ length: total / size }, (_, s) => {
    const first = s * size;
    const set: DriveSet = {
      deploymentId: deployment.deploymentId,
      drives: deployment.drives.slice(first, first + size),
      first,
      total,
    };
    if (deployment.fresh) set.fresh = deployment.fresh.slice(first, first + size);
    return set;
  });
}

async function prepare(drive: string): Promise<DriveFormat | undefined> {
  // Leftovers in tmp are writes that never committed (crash); nothing refers to them.
  await rm(tmpDir(drive), { recursive: true, force: true });
  for (const dir of [tmpDir(drive), bucketsDir(drive), configDir(drive)])
    await mkdir(dir, { recursive: true });
  const raw = await readJsonFile(formatPath(drive));
  if (raw === undefined) return undefined;
  let decoded: ReturnType<typeof migrateFormat>;
  try {
    decoded = migrateFormat(raw);
  } catch (err) {
    throw new Error(`Drive ${drive}: ${(err as Error).message}`);
  }
  if (decoded.needsIndex) await migrateToIndex(drive);
  if (decoded.migrated) await writeFormat(drive, decoded.format);
  return decoded.format;
}

/** An error from the operating system (EACCES, EIO, ENOTDIR...), not a refusal of ours. */
const isSystemError = (err: unknown): boolean =>
  typeof (err as NodeJS.ErrnoException | undefined)?.code === 'string' &&
  typeof (err as NodeJS.ErrnoException).syscall === 'string';

function writeFormat(drive: string, format: DriveFormat): Promise<void> {
  return writeFileAtomic(formatPath(drive), formatJson(format), { tmpDir: tmpDir(drive) });
}

/** A formatted drive that holds nothing yet: no index, no bucket records, no documents. */
async function holdsNothing(drive: string): Promise<boolean> {
  if (existsSync(indexFilePath(drive))) return false;
  for (const dir of [bucketsDir(drive), configDir(drive)]) {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => undefined);
    if (entries === undefined || entries.some((e) => e.isFile())) return false;
  }
  return true;
}

/**
 * A first start a crash cut short while it formatted the drives: every drive read, the ones
 * it reached hold nothing yet, the others are blank. Formatting them too loses nothing,
 * where refusing would leave a store that never starts.
 */
async function firstStartCutShort(
  drives: readonly string[],
  formats: (DriveFormat | undefined)[],
  unreadable: boolean[],
): Promise<boolean> {
  if (unreadable.some(Boolean)) return false;
  const formatted = drives.filter((_, i) => formats[i] !== undefined);
  return (await Promise.all(formatted.map(holdsNothing))).every(Boolean);
}

/**
 * Opens the drives of a deployment: formats fresh ones, migrates old format records, puts
 * each drive at the position its format names, and refuses drives from another deployment
 * or another drive count. A new deployment's drives form sets as MinIO's would
 * (setDriveCount); a formatted one keeps its sets. A set whose drives are mostly blank (the
 * others unmounted, say) is refused too: formatting the blank ones would start a store that
 * cannot see its data and takes writes it will lose. `formattedQuorum` is how many drives of
 * each set must carry the format (by drives per set).
 */
export async function initDrives(
  paths: readonly string[],
  opts: { formattedQuorum?: number | ((setDrives: number) => number) } = {},
): Promise<DriveSet> {
  if (paths.length === 0) throw new Error('At least one drive directory is required');
  const drives = paths.map((p) => resolve(p));
  if (new Set(drives).size !== drives.length) throw new Error('Each drive directory must be given once');
  const quorum = opts.formattedQuorum ?? 1;
  await refuseEarly(drives, quorum);
  // allSettled: a failure must not leave other drives still being prepared behind it.
  const settled = await Promise.allSettled(drives.map(prepare));
  // A drive the system cannot read (permissions, I/O errors) starts offline and rejoins when
  // it can be read, as long as enough others can; a format the code refuses stops the start.
  const unreadable = settled.map((r) => r.status === 'rejected' && isSystemError(r.reason));
  const failed = settled.find(
    (r, i): r is PromiseRejectedResult =>
      r.status === 'rejected' && (!unreadable[i] || unreadable.every(Boolean)),
  );
  if (failed) throw failed.reason;
  const formats = settled.map((r) => (r.status === 'fulfilled' ? r.value : undefined));

  // The deployment most formatted drives belong to: a foreign drive is the odd one out,
  // wherever it sits in the order.
  const votes = new Map<string, number>();
  for (const f of formats) if (f) votes.set(f.deploymentId, (votes.get(f.deploymentId) ?? 0) + 1);
  const deploymentId = [...votes].sort((a, b) => b[1] - a[1])[0]?.[0] ?? randomUUID();
  const known = formats.find((f) => f?.deploymentId === deploymentId);
  const setDrives = known?.setDrives ?? setDriveCount(drives.length);
  const needed = typeof quorum === 'number' ? quorum : quorum(setDrives);
  const readable = unreadable.filter((u) => !u).length;
  const firstFailure = () => (settled.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
  if (readable < needed) throw firstFailure();
  // A deployment is made only on drives all read and found blank: an unreadable one may hold
  // the deployment whose other drives are blank (unmounted) now.
  if (!known && unreadable.some(Boolean)) throw firstFailure();
  for (const [i, f] of formats.entries()) {
    if (f === undefined) continue;
    const where = `Drive ${drives[i]}`;
    if (f.deploymentId !== deploymentId)
      throw new Error(`${where} belongs to another deployment (${f.deploymentId})`);
    if (f.drives !== drives.length)
      throw new Error(`${where} was formatted for ${f.drives} drives, not ${drives.length}`);
    if (f.setDrives !== setDrives)
      throw new Error(`${where} was formatted for sets of ${f.setDrives} drives, not ${setDrives}`);
  }
  const order = positions(drives, formats, unreadable);
  const placed = order.map((i) => drives[i]!);
  // Each set must find enough of its own drives: a whole set unmounted is blank as well.
  for (let first = 0; known && first < drives.length; first += setDrives) {
    const formatted = order.slice(first, first + setDrives).filter((i) => formats[i] !== undefined).length;
    if (formatted >= needed || (await firstStartCutShort(drives, formats, unreadable))) continue;
    const which = setDrives === drives.length ? '' : ` of set ${first / setDrives + 1}`;
    throw new Error(
      `Only ${formatted} of ${setDrives} drives${which} carry this deployment's format; at least ${needed} must, to start (are the others mounted?)`,
    );
  }
  await Promise.all(
    order.map((i, index) =>
      formats[i] === undefined && !unreadable[i]
        ? writeFormat(drives[i]!, driveFormat(deploymentId, drives.length, index, setDrives))
        : undefined,
    ),
  );
  return {
    deploymentId,
    drives: placed,
    fresh: order.map((i) => formats[i] === undefined && !unreadable[i]),
    setDrives,
  };
}

/**
 * Refusals that need only the formats, made before anything is written: a drive count no
 * set size divides, or a quorum rule (the parity) the sets' size refuses, leaves the drives
 * as they were. A format that cannot be read here is left to the full start to judge.
 */
async function refuseEarly(
  drives: readonly string[],
  quorum: number | ((setDrives: number) => number),
): Promise<void> {
  const formats = await Promise.all(
    drives.map((d) =>
      readJsonFile(formatPath(d))
        .then((raw) => (raw === undefined ? undefined : migrateFormat(raw).format))
        .catch(() => undefined),
    ),
  );
  const setDrives = formats.find((f) => f !== undefined)?.setDrives ?? setDriveCount(drives.length);
  if (typeof quorum === 'function') quorum(setDrives);
}

/**
 * Which given drive sits at each position of the set. A formatted drive's position is the
 * one its format names, as MinIO finds a drive by its format whatever order the drives are
 * given in; blank drives take the positions left, in the order given. A drive that cannot
 * be read may hold any position: while one cannot, the drives must come in their order.
 */
function positions(
  drives: readonly string[],
  formats: readonly (DriveFormat | undefined)[],
  unreadable: readonly boolean[],
): number[] {
  const moved = formats.some((f, i) => f !== undefined && f.index !== i);
  if (moved && unreadable.some(Boolean)) {
    const i = formats.findIndex((f, at) => f !== undefined && f.index !== at);
    throw new Error(
      `Drive ${drives[i]} was drive ${formats[i]!.index + 1} of the deployment; while a drive cannot be read, keep the original drive order`,
    );
  }
  const at: (number | undefined)[] = drives.map(() => undefined);
  for (const [i, f] of formats.entries()) {
    if (f === undefined) continue;
    const other = at[f.index];
    if (other !== undefined)
      throw new Error(
        `Drives ${drives[other]} and ${drives[i]} both carry position ${f.index + 1} of the deployment`,
      );
    at[f.index] = i;
  }
  const rest = drives.map((_, i) => i).filter((i) => formats[i] === undefined);
  return at.map((i) => i ?? rest.shift()!);
}

/**
 * Gives a wiped drive back its structure and identity (heal), keeping its position.
 * True when the drive had lost its identity (its documents need restoring too).
 */
export async function reformatDrive(set: DriveSet, index: number): Promise<boolean> {
  const drive = set.drives[index]!;
  const position = (set.first ?? 0) + index;
  const total = set.total ?? set.drives.length;
  for (const dir of [tmpDir(drive), bucketsDir(drive), configDir(drive)])
    await mkdir(dir, { recursive: true });
  const raw = await readJsonFile(formatPath(drive));
  if (raw !== undefined) {
    // A drive that kept an identity must be this one: never adopt another deployment's drive,
    // or another position's (heal would then drop what it holds).
    const { format } = migrateFormat(raw);
    if (
      format.deploymentId !== set.deploymentId ||
      format.index !== position ||
      format.drives !== total ||
      format.setDrives !== set.drives.length
    )
      throw new Error(`Drive ${drive} carries another deployment's or position's format`);
    return false;
  }
  await writeFormat(drive, driveFormat(set.deploymentId, total, position, set.drives.length));
  return true;
}
