import { totalmem } from 'node:os';
import { configDuration, MAX_TIMER_MS } from './duration.js';
import { effective, type ServerConfig } from './kv.js';
import { subsystem } from './subsystems.js';

// The api subsystem's settings that apply as soon as they are set.

/** api cors_allow_origin: the origins allowed where a bucket has no CORS rules ('*' by default). */
export function corsAllowOrigins(config: ServerConfig): string[] {
  const value = effective(config, subsystem('api')!, '_').cors_allow_origin ?? '*';
  return value
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
}

/** What one request may hold in memory at most, as MinIO sizes it: a block per drive, two more. */
const perRequestBytes = (drives: number): number => drives * ((1 << 20) + (32 << 10)) + 2 * (1 << 20);

/** api requests_max and requests_deadline, as the HTTP server's request pool applies them. */
export interface RequestLimits {
  max: number;
  deadlineMs: number;
}

/**
 * api requests_max and requests_deadline. A requests_max of 0 (the default) is MinIO's
 * automatic limit: three quarters of the memory this process may use, divided by what one
 * request may hold. A deadline of 0 or less, or none readable, is MinIO's 10 seconds.
 */
export function requestLimits(
  config: ServerConfig,
  drives: number,
  memoryBytes: number = usableMemory(),
): RequestLimits {
  const api = effective(config, subsystem('api')!, '_');
  const configured = Number(api.requests_max ?? '0');
  const max =
    Number.isInteger(configured) && configured > 0
      ? configured
      : Math.max(1, Math.floor((memoryBytes * 0.75) / perRequestBytes(Math.max(1, drives))));
  const deadline = configDuration(api.requests_deadline ?? '') ?? 0;
  return { max, deadlineMs: deadline > 0 ? Math.min(deadline, MAX_TIMER_MS) : 10_000 };
}

/** api object_max_versions: versions a key may have; undefined for no limit (0, or MinIO's int64 max). */
export function objectMaxVersions(config: ServerConfig): number | undefined {
  const value = Number(effective(config, subsystem('api')!, '_').object_max_versions ?? '0');
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

let memory: number | undefined;

/** The machine's memory, or the cgroup's limit when lower: read once (each read is a syscall or a file). */
function usableMemory(): number {
  if (memory === undefined) {
    const constrained = process.constrainedMemory?.() ?? 0;
    const total = totalmem();
    memory = constrained > 0 && constrained < total ? constrained : total;
  }
  return memory;
}
