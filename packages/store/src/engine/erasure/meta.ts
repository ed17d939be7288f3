import { join } from 'node:path';
import { decodeObjectMeta, type ObjectMetaRecord } from '../../format/object-meta.js';
import { EngineError } from '../errors.js';
import { readJsonFile } from '../fs/atomic.js';
import { META_FILE, objectDir } from '../fs/layout.js';
import { type ErasureParams, quorumError, readQuorumOf } from './params.js';
import { askAll, countUnreachable, type DriveAnswer } from './quorum.js';

export interface Chosen {
  /** The record agreed on (any holder's copy; `erasure.index`/`inline` are per drive). */
  record: ObjectMetaRecord;
  /** Per drive: its copy of the chosen version, or undefined (missing, stale or corrupt). */
  holders: (ObjectMetaRecord | undefined)[];
  /** Every drive holds the chosen version. */
  complete: boolean;
}

export function readMetas(
  drives: readonly string[],
  bucket: string,
  key: string,
): Promise<DriveAnswer<ObjectMetaRecord>[]> {
  return askAll(drives, async (d) => {
    const raw = await readJsonFile(join(objectDir(d, bucket, key), META_FILE));
    // A record that does not decode is corruption: an error, not an absence.
    return raw === undefined ? undefined : decodeObjectMeta(raw);
  });
}

/**
 * Picks the newest version that at least read quorum (the record's own data count) of
 * drives agree on: a write that crashed before reaching quorum stays invisible, and
 * older copies left on drives that missed an overwrite lose to the newer quorum.
 */
export function pickVersion(answers: DriveAnswer<ObjectMetaRecord>[]): Chosen | undefined {
  const groups = new Map<string, ObjectMetaRecord[]>();
  for (const a of answers) {
    if (typeof a !== 'object') continue;
    const list = groups.get(a.value.dataId) ?? [];
    list.push(a.value);
    groups.set(a.value.dataId, list);
  }
  let best: ObjectMetaRecord | undefined;
  for (const list of groups.values()) {
    const r = list[0]!;
    if (list.length < readQuorumOf(r.erasure)) continue;
    if (!best || r.modTime > best.modTime || (r.modTime === best.modTime && r.dataId > best.dataId)) best = r;
  }
  if (!best) return undefined;
  const id = best.dataId;
  const holders = answers.map((a) => (typeof a === 'object' && a.value.dataId === id ? a.value : undefined));
  const shards = best.erasure.data + best.erasure.parity;
  const held = holders.filter((h) => h !== undefined).length;
  return { record: best, holders, complete: held >= shards };
}

/** The agreed version, NoSuchKey when quorum says there is none, or a quorum error. */
export async function chooseVersion(
  drives: readonly string[],
  params: ErasureParams,
  bucket: string,
  key: string,
): Promise<Chosen> {
  const answers = await readMetas(drives, bucket, key);
  const chosen = pickVersion(answers);
  if (chosen) return chosen;
  if (answers.every((a) => a === 'absent')) throw new EngineError('NoSuchKey');
  const reachable = drives.length - (await countUnreachable(drives, answers));
  if (reachable < params.readQuorum) throw quorumError('read');
  throw new EngineError('NoSuchKey');
}

/**
 * The object's record from read-quorum drives only, when they agree; else the full
 * choice. Sound because read quorum + write quorum > drives: any acknowledged version is
 * on at least one of the drives asked, so agreeing drives cannot all hold an older one.
 */
export async function quickRecord(
  drives: readonly string[],
  params: ErasureParams,
  bucket: string,
  key: string,
): Promise<ObjectMetaRecord> {
  const first = await readMetas(drives.slice(0, params.readQuorum), bucket, key);
  const a = first[0];
  if (
    typeof a === 'object' &&
    first.length >= readQuorumOf(a.value.erasure) &&
    first.every((b) => typeof b === 'object' && b.value.dataId === a.value.dataId)
  )
    return a.value;
  return (await chooseVersion(drives, params, bucket, key)).record;
}
