import { listOf, objectOf, parseRequestXml, textOf, type XmlObject } from '../../wire/xml-parse.js';

// A bucket's lifecycle document as the expiry engine applies it: the stored XML (checked
// when it was put, s3/config/lifecycle-rules.ts) read into rules, and the pure questions
// asked of them: does a rule cover this version, and when is it due. Dates follow AWS and
// MinIO: "after N days" is the first midnight UTC at least N days after the start.

const DAY_MS = 86_400_000;

export interface RuleFilter {
  prefix: string;
  /** Every tag must be on the object, with this value. */
  tags: { key: string; value: string }[];
  sizeGreaterThan?: number;
  sizeLessThan?: number;
}

export interface LifecycleRule {
  id: string;
  enabled: boolean;
  filter: RuleFilter;
  /** `allVersions`: MinIO's ExpiredObjectAllVersions, the expiry takes every version of the key. */
  expiration?: { days?: number; date?: Date; expiredObjectDeleteMarker?: boolean; allVersions?: boolean };
  /** MinIO's DelMarkerExpiration: a latest delete marker this many days old takes every version with it. */
  delMarkerExpirationDays?: number;
  noncurrentExpiration?: { days?: number; newerNoncurrent?: number };
  abortIncompleteUploadDays?: number;
  /** Transition of the current version to the tier `storageClass` (Days from its creation, or the Date). */
  transitions?: { days?: number; date?: Date; storageClass: string }[];
  /** Transition of noncurrent versions (NoncurrentDays from when each became noncurrent). */
  noncurrentTransitions?: { days: number; newerNoncurrent?: number; storageClass: string }[];
}

const int = (raw: string | undefined): number | undefined =>
  raw === undefined || raw.trim() === '' ? undefined : Number.parseInt(raw.trim(), 10);

function filterOf(rule: XmlObject): RuleFilter {
  // The older form names a Prefix beside the actions, not in a Filter.
  if (rule.Filter === undefined) return { prefix: textOf(rule, 'Prefix') ?? '', tags: [] };
  const filter = objectOf(rule.Filter);
  const where = filter.And === undefined ? filter : objectOf(filter.And);
  const gt = int(textOf(where, 'ObjectSizeGreaterThan'));
  const lt = int(textOf(where, 'ObjectSizeLessThan'));
  return {
    prefix: textOf(where, 'Prefix') ?? '',
    tags: listOf(where.Tag)
      .map(objectOf)
      .map((t) => ({ key: textOf(t, 'Key') ?? '', value: textOf(t, 'Value') ?? '' })),
    ...(gt === undefined ? {} : { sizeGreaterThan: gt }),
    ...(lt === undefined ? {} : { sizeLessThan: lt }),
  };
}

function ruleOf(r: XmlObject): LifecycleRule {
  const rule: LifecycleRule = {
    id: textOf(r, 'ID') ?? '',
    enabled: textOf(r, 'Status') === 'Enabled',
    filter: filterOf(r),
  };
  if (r.Expiration !== undefined) {
    const e = objectOf(r.Expiration);
    const days = int(textOf(e, 'Days'));
    const date = textOf(e, 'Date');
    rule.expiration = {
      ...(days === undefined ? {} : { days }),
      ...(date === undefined ? {} : { date: new Date(date) }),
      ...(textOf(e, 'ExpiredObjectDeleteMarker') === 'true' ? { expiredObjectDeleteMarker: true } : {}),
      ...(textOf(e, 'ExpiredObjectAllVersions') === 'true' ? { allVersions: true } : {}),
    };
  }
  if (r.DelMarkerExpiration !== undefined) {
    const days = int(textOf(objectOf(r.DelMarkerExpiration), 'Days'));
    if (days !== undefined) rule.delMarkerExpirationDays = days;
  }
  if (r.NoncurrentVersionExpiration !== undefined) {
    const n = objectOf(r.NoncurrentVersionExpiration);
    const days = int(textOf(n, 'NoncurrentDays'));
    const newer = int(textOf(n, 'NewerNoncurrentVersions'));
    rule.noncurrentExpiration = {
      ...(days === undefined ? {} : { days }),
      ...(newer === undefined ? {} : { newerNoncurrent: newer }),
    };
  }
  const transitions = listOf(r.Transition)
    .map(objectOf)
    .map((t) => {
      const days = int(textOf(t, 'Days'));
      const date = textOf(t, 'Date');
      return {
        storageClass: textOf(t, 'StorageClass') ?? '',
        ...(days === undefined ? {} : { days }),
        ...(date === undefined ? {} : { date: new Date(date) }),
      };
    });
  if (transitions.length > 0) rule.transitions = transitions;
  const noncurrentTransitions = listOf(r.NoncurrentVersionTransition)
    .map(objectOf)
    .map((t) => {
      const newer = int(textOf(t, 'NewerNoncurrentVersions'));
      return {
        storageClass: textOf(t, 'StorageClass') ?? '',
        days: int(textOf(t, 'NoncurrentDays')) ?? 0,
        ...(newer === undefined ? {} : { newerNoncurrent: newer }),
      };
    });
  if (noncurrentTransitions.length > 0) rule.noncurrentTransitions = noncurrentTransitions;
  if (r.AbortIncompleteMultipartUpload !== undefined)
    rule.abortIncompleteUploadDays = int(
      textOf(objectOf(r.AbortIncompleteMultipartUpload), 'DaysAfterInitiation'),
    );
  return rule;
}

/** The rules of a stored lifecycle document (`{ xml }`); none when there is none. */
export function lifecycleRules(stored: unknown): LifecycleRule[] {
  const xml = (stored as { xml?: unknown } | undefined)?.xml;
  if (typeof xml !== 'string') return [];
  return listOf(parseRequestXml(Buffer.from(xml), 'LifecycleConfiguration').Rule)
    .map(objectOf)
    .map(ruleOf);
}

/** The first midnight UTC at least `days` days after `start` (AWS's rounding; 0 days: at once). */
export function dueAfterDays(start: Date, days: number): Date {
  if (days === 0) return start;
  return new Date(Math.floor((start.getTime() + (days + 1) * DAY_MS) / DAY_MS) * DAY_MS);
}

/** What a rule's filter looks at on one version. */
export interface FilterSubject {
  key: string;
  size: number;
  /** The version's tags, decoded. */
  tags: ReadonlyMap<string, string>;
}

/** Whether an enabled rule covers the version (prefix, every tag, sizes strictly bounded). */
export function ruleCovers(rule: LifecycleRule, v: FilterSubject): boolean {
  const f = rule.filter;
  if (!rule.enabled || !v.key.startsWith(f.prefix)) return false;
  if (f.sizeGreaterThan !== undefined && !(v.size > f.sizeGreaterThan)) return false;
  if (f.sizeLessThan !== undefined && !(v.size < f.sizeLessThan)) return false;
  return f.tags.every((t) => v.tags.get(t.key) === t.value);
}

/**
 * When the current version expires under a rule's Expiration (Days from its modification,
 * or the Date), or undefined when the rule has no such expiry. The earliest rule wins, and
 * names itself in x-amz-expiration.
 */
export function currentExpiry(rules: readonly LifecycleRule[], v: FilterSubject & { modTime: Date }) {
  let best: { at: Date; ruleId: string } | undefined;
  for (const rule of rules) {
    const e = rule.expiration;
    if (!e || !ruleCovers(rule, v)) continue;
    const at = e.date ?? (e.days === undefined ? undefined : dueAfterDays(v.modTime, e.days));
    if (at && (!best || at < best.at)) best = { at, ruleId: rule.id };
  }
  return best;
}

/** What the engine does with one version, and the rule that says so. */
export type ExpiryAction =
  | { kind: 'none' }
  | { kind: 'expire-current'; ruleId: string }
  | { kind: 'remove-version'; ruleId: string }
  /** Every version of the key goes (ExpiredObjectAllVersions, DelMarkerExpiration). */
  | { kind: 'remove-all-versions'; ruleId: string; delMarker: boolean };

/** A version as the engine judges it, with what its key's other versions tell. */
export interface JudgedVersion extends FilterSubject {
  modTime: Date;
  isLatest: boolean;
  isDeleteMarker: boolean;
  /** Noncurrent versions: when the next newer version was made (when this one became noncurrent). */
  successorModTime?: Date;
  /** Noncurrent versions: how many noncurrent versions of the key are newer than this one. */
  newerNoncurrent: number;
  /** Every version of the key, delete markers included. */
  versionCount: number;
}

/** Which action is due for the version at `now` (S3's precedence: the rules are checked in order). */
export function expiryAction(rules: readonly LifecycleRule[], v: JudgedVersion, now: Date): ExpiryAction {
  for (const rule of rules) {
    if (!ruleCovers(rule, v)) continue;
    if (v.isLatest && v.isDeleteMarker) {
      const dm = rule.delMarkerExpirationDays;
      if (dm !== undefined && dueAfterDays(v.modTime, dm) <= now)
        return { kind: 'remove-all-versions', ruleId: rule.id, delMarker: true };
      // A delete marker with nothing behind it: ExpiredObjectDeleteMarker, or the Days rule.
      const e = rule.expiration;
      if (v.versionCount !== 1 || !e) continue;
      const byDays = e.days !== undefined && dueAfterDays(v.modTime, e.days) <= now;
      if (e.expiredObjectDeleteMarker || byDays) return { kind: 'remove-version', ruleId: rule.id };
      continue;
    }
    if (v.isLatest) {
      const e = rule.expiration;
      if (!e) continue;
      if ((e.date && e.date <= now) || (e.days !== undefined && dueAfterDays(v.modTime, e.days) <= now))
        return e.allVersions
          ? { kind: 'remove-all-versions', ruleId: rule.id, delMarker: false }
          : { kind: 'expire-current', ruleId: rule.id };
      continue;
    }
    const n = rule.noncurrentExpiration;
    if (!n || !v.successorModTime) continue;
    // NewerNoncurrentVersions keeps that many of the newest noncurrent versions whatever their age.
    if (n.newerNoncurrent !== undefined && v.newerNoncurrent < n.newerNoncurrent) continue;
    if (n.days !== undefined && dueAfterDays(v.successorModTime, n.days) > now) continue;
    return { kind: 'remove-version', ruleId: rule.id };
  }
  return { kind: 'none' };
}

/** Whether an incomplete multipart upload is due for abort (the earliest rule covering its key). */
export function uploadAbortDue(
  rules: readonly LifecycleRule[],
  key: string,
  initiated: Date,
  now: Date,
): string | undefined {
  for (const rule of rules) {
    if (rule.abortIncompleteUploadDays === undefined || !rule.enabled) continue;
    if (!key.startsWith(rule.filter.prefix)) continue;
    if (dueAfterDays(initiated, rule.abortIncompleteUploadDays) <= now) return rule.id;
  }
  return undefined;
}
