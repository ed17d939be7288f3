import { dueAfterDays, expiryAction, type JudgedVersion, type LifecycleRule, ruleCovers } from './rules.js';

// Which tier a version is due to move to, as MinIO's lifecycle evaluation decides it: a
// Transition moves the current version (Days from its creation, or the Date), a
// NoncurrentVersionTransition a noncurrent one (NoncurrentDays from when it became
// noncurrent, keeping NewerNoncurrentVersions of the newest). Expiry wins when both are due:
// an object about to go is not moved first.

export interface TransitionDue {
  ruleId: string;
  /** The tier's name (the rule's StorageClass). */
  tier: string;
  at: Date;
}

/**
 * The transition due for the version at `now`, undefined when none is, when an expiry is
 * due as well, or for a delete marker. Of several due, the one due last (the furthest along).
 */
export function transitionDue(
  rules: readonly LifecycleRule[],
  v: JudgedVersion,
  now: Date,
): TransitionDue | undefined {
  if (v.isDeleteMarker) return undefined;
  let due: TransitionDue | undefined;
  const consider = (ruleId: string, tier: string, at: Date | undefined) => {
    if (at && tier !== '' && at <= now && (!due || at > due.at)) due = { ruleId, tier, at };
  };
  for (const rule of rules) {
    if (!ruleCovers(rule, v)) continue;
    if (v.isLatest) {
      for (const t of rule.transitions ?? [])
        consider(
          rule.id,
          t.storageClass,
          t.date ?? (t.days === undefined ? undefined : dueAfterDays(v.modTime, t.days)),
        );
      continue;
    }
    if (!v.successorModTime) continue;
    for (const t of rule.noncurrentTransitions ?? []) {
      if (t.newerNoncurrent !== undefined && v.newerNoncurrent < t.newerNoncurrent) continue;
      consider(rule.id, t.storageClass, dueAfterDays(v.successorModTime, t.days));
    }
  }
  if (!due || expiryAction(rules, v, now).kind !== 'none') return undefined;
  return due;
}
