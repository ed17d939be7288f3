import type { ObjectRecord, VersionRecord } from '../../format/object-record.js';
import type { DriveAnswer } from './quorum.js';

// Pure rules over the version lists of one key: which versions the drives agree on, and
// how a write changes one drive's list. S3 versioning lives here, apart from any I/O.

export type Versioning = 'unversioned' | 'enabled' | 'suspended';

export const NULL_VERSION = 'null';

/**
 * What makes two drives' copies the same version (shard index and inline bytes differ): its
 * id, time and data, and the metadata changed in place (tags, retention, legal hold), so
 * that a stale or half-patched copy is outvoted, never read as the version.
 */
export const versionIdentity = (v: VersionRecord): string =>
  `${dataIdentity(v)}\u0000${v.tags ?? ''}\u0000${v.retention ? `${v.retention.mode}@${v.retention.until}` : ''}\u0000${v.legalHold ?? ''}`;

/** The version and its data, whatever its in-place metadata: copies with the same shards. */
export const dataIdentity = (v: VersionRecord): string => `${v.id}\u0000${v.mod}\u0000${v.data?.id ?? ''}`;

export interface MergedVersion {
  /** One holder's copy (its data.index/inline are that drive's). */
  version: VersionRecord;
  /** Per drive: its copy of this version, or undefined. */
  holders: (VersionRecord | undefined)[];
}

export interface Merged {
  /** The versions read quorum agrees on, newest first. */
  versions: MergedVersion[];
  /** Every online drive answered and holds exactly these versions (nothing for heal to do). */
  complete: boolean;
}

/** Whether drive i holds a copy of a version: every drive, unless its layout has fewer shards. */
export const heldOn = (v: VersionRecord, drive: number): boolean =>
  !v.data || drive < v.data.data + v.data.parity;

/** Read quorum of one version: its own data count, or the set's for delete markers. */
const quorumOf = (v: VersionRecord, setReadQuorum: number): number => v.data?.data ?? setReadQuorum;

export const newestFirst = (a: VersionRecord, b: VersionRecord): number =>
  b.mod - a.mod || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Merges the drives' records of one key. A version counts when at least its read quorum
 * of drives hold it: a write that crashed before quorum stays invisible, and a version
 * removed from write-quorum drives cannot reach read quorum on the rest.
 */
export function mergeRecords(answers: DriveAnswer<ObjectRecord>[], setReadQuorum: number): Merged {
  return agree(answers, singleVersionGroups(answers) ?? groupVersions(answers), setReadQuorum);
}

const sameVersion = (a: VersionRecord, b: VersionRecord): boolean =>
  a.id === b.id &&
  a.mod === b.mod &&
  a.data?.id === b.data?.id &&
  (a.tags ?? '') === (b.tags ?? '') &&
  a.retention?.mode === b.retention?.mode &&
  a.retention?.until === b.retention?.until &&
  a.legalHold === b.legalHold;

/**
 * The grouping of the usual case, without building identities: every drive that answered
 * holds one version, the same one. Undefined for anything else.
 */
function singleVersionGroups(answers: DriveAnswer<ObjectRecord>[]): Map<string, MergedVersion> | undefined {
  let only: VersionRecord | undefined;
  for (const a of answers) {
    if (typeof a !== 'object') continue;
    const v = a.value.versions;
    if (v.length !== 1 || (only && !sameVersion(only, v[0]!))) return undefined;
    only ??= v[0];
  }
  if (!only) return undefined;
  const holders = answers.map((a) => (typeof a === 'object' ? a.value.versions[0] : undefined));
  return new Map([[versionIdentity(only), { version: only, holders }]]);
}

/** Every drive's versions, grouped by identity. */
function groupVersions(answers: DriveAnswer<ObjectRecord>[]): Map<string, MergedVersion> {
  const groups = new Map<string, MergedVersion>();
  for (const [drive, a] of answers.entries()) {
    if (typeof a !== 'object') continue;
    for (const v of a.value.versions) {
      const id = versionIdentity(v);
      let g = groups.get(id);
      if (!g) {
        g = { version: v, holders: new Array(answers.length).fill(undefined) };
        groups.set(id, g);
      }
      g.holders[drive] = v;
    }
  }
  return groups;
}

/** The versions read quorum agrees on, and whether every drive holds exactly them. */
function agree(
  answers: DriveAnswer<ObjectRecord>[],
  groups: Map<string, MergedVersion>,
  setReadQuorum: number,
): Merged {
  const agreed: MergedVersion[] = [];
  const seenIds = new Set<string>();
  // Copies of one version that differ in metadata: the one most drives hold comes first.
  const held = (g: MergedVersion) => g.holders.filter((h) => h !== undefined).length;
  const candidates = [...groups.values()].sort(
    (a, b) => newestFirst(a.version, b.version) || held(b) - held(a),
  );
  for (const g of candidates) {
    // One version id appears once: an older copy of a replaced null version loses.
    if (held(g) < quorumOf(g.version, setReadQuorum) || seenIds.has(g.version.id)) continue;
    seenIds.add(g.version.id);
    agreed.push(g);
  }
  // Offline drives are healed as a whole when they come back, not key by key.
  const complete =
    groups.size === agreed.length &&
    answers.every((a) => a !== 'error') &&
    agreed.every((g) =>
      g.holders.every((h, i) => h !== undefined || answers[i] === 'offline' || !heldOn(g.version, i)),
    );
  return { versions: agreed, complete };
}

/** The latest version, when it is an object (not a delete marker). */
export function latestObject(m: Merged): MergedVersion | undefined {
  const latest = m.versions[0];
  return latest && !latest.version.deleteMarker ? latest : undefined;
}

/** A change to one drive's version list; returns the versions it dropped (their data goes). */
export type Mutation = (versions: VersionRecord[]) => { versions: VersionRecord[]; removed: VersionRecord[] };

/** Adds a version; in an unversioned or suspended bucket it replaces the null version. */
export function addVersion(version: VersionRecord): Mutation {
  return (versions) => {
    const removed = version.id === NULL_VERSION ? versions.filter((v) => v.id === NULL_VERSION) : [];
    const kept = versions.filter((v) => !removed.includes(v) && v.id !== version.id);
    return { versions: [version, ...kept].sort(newestFirst), removed };
  };
}

/** Removes one version for good (a delete with a version id). */
export function removeVersion(id: string): Mutation {
  return (versions) => ({
    versions: versions.filter((v) => v.id !== id),
    removed: versions.filter((v) => v.id === id),
  });
}

/**
 * Changes a version's metadata (tags, retention, legal hold) in place. A drive without the
 * version fails its step: counted as a success, it could make a change that reached too few
 * holders look committed.
 */
export function patchVersion(id: string, patch: (v: VersionRecord) => VersionRecord): Mutation {
  return (versions) => {
    if (!versions.some((v) => v.id === id)) throw new Error('the version is not on this drive');
    return { versions: versions.map((v) => (v.id === id ? patch(v) : v)), removed: [] };
  };
}

/**
 * What a delete without a version id does: unversioned buckets drop the object; versioned
 * ones add a delete marker (suspended: the marker is the null version, replacing it).
 */
export function deleteLatest(mode: Versioning, marker: VersionRecord): Mutation {
  if (mode === 'unversioned') return removeVersion(NULL_VERSION);
  return addVersion(marker);
}

/** A modification time after every version of the key (clocks can repeat milliseconds). */
export function nextModTime(m: Merged, now = Date.now()): number {
  const newest = m.versions[0]?.version.mod ?? 0;
  return Math.max(now, newest + 1);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Version ids are UUIDs (as MinIO's) or "null". */
export const isValidVersionId = (id: string): boolean => id === NULL_VERSION || UUID.test(id);
