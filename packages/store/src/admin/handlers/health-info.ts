import { Readable } from 'node:stream';
import { redactedConfig } from '../../config/kv.js';
import { streamReply } from '../../observe/stream.js';
import type { Reply } from '../../wire/reply.js';
import { perfChecks } from './health-perf.js';
import { type HealthType, systemHealth } from './health-sys.js';
import { type ServerInfoDeps, STORE_VERSION, serverInfo } from './server-info.js';

// GET /healthinfo (madmin-protocol.md §3.8): headers at once, a first snapshot that only
// names the version (madmin reads one object to check it; its callers read on), then the
// complete HealthInfo (version 3) once collected: the parts asked for (health-sys.ts), and
// the drive checks as a top-level `perf` (madmin.SpeedTestResults, health-perf.ts; v3 has
// no field of its own for them, so madmin.HealthInfo readers skip it). A deadline that
// passes first sends what was collected, with MinIO's error.

export const HEALTH_INFO_VERSION = '3';

// madmin's ServerHealthInfo decodes the first object with its own json.Decoder, whose first
// read takes up to 512 bytes, and then hands the body on: whatever that read took past the
// first object is lost. Whitespace after it makes sure only whitespace is, however the
// bytes arrive (a fast snapshot in the same read was cut in half).
const HANDOFF_PADDING = ' '.repeat(1024);

/** MinIO's default when the request names no deadline. */
export const DEFAULT_HEALTH_DEADLINE_MS = 10_000;
/** The drive checks take at most this share of the deadline, and never longer than a few seconds. */
const PERF_SHARE = 0.5;
const PERF_MAX_MS = 5_000;

export function healthInfoReply(
  deps: ServerInfoDeps,
  host: string,
  want: ReadonlySet<HealthType>,
  deadlineMs = DEFAULT_HEALTH_DEADLINE_MS,
): Reply {
  const stream = new Readable({ read() {} });
  stream.push(
    `${JSON.stringify({ version: HEALTH_INFO_VERSION, timestamp: new Date().toISOString() })}\n${HANDOFF_PADDING}`,
  );
  const startedAt = Date.now();
  const drives = async () => (await deps.layer.drives()).map((d) => d.path);
  // Each part lands here as it is collected: a deadline that passes sends what is in.
  const doc = {
    version: HEALTH_INFO_VERSION,
    timestamp: new Date().toISOString(),
    sys: {} as Record<string, unknown>,
    minio: {} as Record<string, unknown>,
  } as Record<string, unknown> & { sys: Record<string, unknown>; minio: Record<string, unknown> };
  if (want.has('minioconfig')) doc.minio.config = { config: redactedConfig(deps.config.config) };
  const collected = Promise.all([
    want.has('minioinfo')
      ? serverInfo(deps, host).then((info) => {
          doc.minio.info = { ...info, tls: null, is_kubernetes: false, is_docker: false };
        })
      : undefined,
    systemHealth(host, drives, want).then((sys) => {
      doc.sys = sys;
    }),
    // The drive checks belong with the drives' hardware: run when that part is asked for.
    want.has('sysdrivehw')
      ? drives().then(async (paths) => {
          const until = startedAt + Math.min(deadlineMs * PERF_SHARE, PERF_MAX_MS);
          doc.perf = await perfChecks(`http://${host}`, STORE_VERSION, paths, until);
        })
      : undefined,
  ]);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  void Promise.race([collected, deadline]).then(
    (outcome) => {
      clearTimeout(timer);
      if (outcome === 'deadline') doc.error = 'context deadline exceeded';
      stream.push(`${JSON.stringify(doc)}\n`);
      stream.push(null);
    },
    (err: unknown) => {
      clearTimeout(timer);
      stream.push(`${JSON.stringify({ version: HEALTH_INFO_VERSION, error: String(err) })}\n`);
      stream.push(null);
    },
  );
  return streamReply(stream);
}
