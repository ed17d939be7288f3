// A resync (`mc replicate resync`, minio-go ResetBucketReplicationOnTarget): every version
// of a bucket written before a date is sent to one target again, as MinIO's resyncer does
// when a target lost its data. Its progress per target, as madmin's ResyncTarget names it.

export type ResyncStatus = 'Ongoing' | 'Completed' | 'Failed';

export interface ResyncState {
  arn: string;
  resetId: string;
  startTime: Date;
  endTime?: Date;
  /** Versions written before this are sent. */
  before: Date;
  /** The walk of the bucket is done (jobs may still be queued). */
  walked: boolean;
  /** The walk itself failed (listing the bucket). */
  error?: string;
  queued: number;
  replicatedCount: number;
  replicatedSize: number;
  failedCount: number;
  failedSize: number;
  /** The last version queued, as MinIO reports where the resync got to. */
  bucket: string;
  object: string;
  /** Where the walk goes on after a restart: the listing page after the last one queued. */
  resumeAt?: { key: string; versionId: string };
}

/** The internal value naming the last resync that sent a version to a target. */
export const resetKey = (arn: string): string => `replication-reset-${arn}`;

/** What GET ?replication-reset-status shows of one target (madmin.ResyncTarget's JSON). */
export function resyncTargetJson(s: ResyncState, status: ResyncStatus) {
  return {
    arn: s.arn,
    resetid: s.resetId,
    startTime: s.startTime.toISOString(),
    ...(s.endTime ? { endTime: s.endTime.toISOString() } : {}),
    resyncStatus: status,
    completedReplicationSize: s.replicatedSize,
    failedReplicationSize: s.failedSize,
    failedReplicationCount: s.failedCount,
    replicationCount: s.replicatedCount,
    bucket: s.bucket,
    object: s.object,
  };
}

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** A Go duration ("720h0m0s", "1.5h"), as minio-go sends older-than; undefined when malformed. */
export function parseGoDuration(text: string): number | undefined {
  if (text === '0') return 0;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let at = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    at = re.lastIndex;
  }
  return at === text.length && at > 0 ? total : undefined;
}

/** MinIO resets versions written before now less whole days of older-than. */
export function resetBefore(now: Date, olderThanMs: number): Date {
  const days = Math.floor(olderThanMs / 86_400_000);
  return new Date(now.getTime() - days * 86_400_000);
}
