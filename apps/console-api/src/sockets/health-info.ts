import type { HealthInfoFrame, HealthInfoQuery } from '@stowage/contract';
import type { MadminClient } from '@stowage/madmin';

/** The page asks for an hour; no report may hold a stream open for longer. */
const MAX_DEADLINE_SECONDS = 3600;
const UNIT_SECONDS = { s: 1, m: 60, h: 3600 } as const;

export function deadlineOf(query: HealthInfoQuery): string {
  const raw = query.deadline ?? '1h';
  const unit = raw.slice(-1) as keyof typeof UNIT_SECONDS;
  const seconds = Math.min(Number(raw.slice(0, -1)) * UNIT_SECONDS[unit], MAX_DEADLINE_SECONDS);
  return `${Math.max(1, seconds)}s`;
}

/** Collects the server's snapshots and sends the last, complete one as the single frame. */
export async function* healthInfoFrames(
  admin: MadminClient,
  query: HealthInfoQuery,
  signal: AbortSignal,
): AsyncGenerator<HealthInfoFrame> {
  let last: HealthInfoFrame | undefined;
  for await (const snapshot of admin.healthInfo({ deadline: deadlineOf(query), signal })) last = snapshot;
  if (last) yield last;
}
