// A version's replication state, kept in its internal values as MinIO keeps it: one
// "<arn>=<STATUS>;" entry per target, and the status S3 shows composed from them. A replica
// (a version another store sent) is marked REPLICA and never replicated again.

export type TargetStatus = 'PENDING' | 'COMPLETED' | 'FAILED';
export type ShownStatus = TargetStatus | 'REPLICA';

/** Internal keys of a version. */
export const STATUS_KEY = 'replication-status';
export const REASON_KEY = 'replication-reason';
export const REPLICA_KEY = 'replica-status';
export const REPLICA = 'REPLICA';

export function parseStatuses(raw: string | undefined): Map<string, TargetStatus> {
  const out = new Map<string, TargetStatus>();
  for (const entry of (raw ?? '').split(';')) {
    const at = entry.lastIndexOf('=');
    if (at > 0) out.set(entry.slice(0, at), entry.slice(at + 1) as TargetStatus);
  }
  return out;
}

export const formatStatuses = (m: Map<string, TargetStatus>): string =>
  [...m].map(([arn, s]) => `${arn}=${s};`).join('');

/** x-amz-replication-status of a version: FAILED over PENDING over COMPLETED; none when never replicated. */
export function shownStatus(internal: Record<string, string>): ShownStatus | undefined {
  if (internal[REPLICA_KEY] === REPLICA) return REPLICA;
  const all = [...parseStatuses(internal[STATUS_KEY]).values()];
  if (all.length === 0) return undefined;
  if (all.includes('FAILED')) return 'FAILED';
  if (all.includes('PENDING')) return 'PENDING';
  return 'COMPLETED';
}
