import { Readable } from 'node:stream';
import { redactedConfig } from '../../config/kv.js';
import type { Reply } from '../../http/reply.js';
import { streamReply } from '../../observe/stream.js';
import { type HealthType, systemHealth } from './health-sys.js';
import { type ServerInfoDeps, serverInfo } from './server-info.js';

// GET /healthinfo (madmin-protocol.md §3.8): headers at once, a first snapshot that only
// names the version (madmin reads one object to check it; its callers read on), then the
// complete HealthInfo (version 3) once collected: the parts asked for (health-sys.ts).

export const HEALTH_INFO_VERSION = '3';

// madmin's ServerHealthInfo decodes the first object with its own json.Decoder, whose first
// read takes up to 512 bytes, and then hands the body on: whatever that read took past the
// first object is lost. Whitespace after it makes sure only whitespace is, however the
// bytes arrive (a fast snapshot in the same read was cut in half).
const HANDOFF_PADDING = ' '.repeat(1024);

export function healthInfoReply(deps: ServerInfoDeps, host: string, want: ReadonlySet<HealthType>): Reply {
  const stream = new Readable({ read() {} });
  stream.push(
    `${JSON.stringify({ version: HEALTH_INFO_VERSION, timestamp: new Date().toISOString() })}\n${HANDOFF_PADDING}`,
  );
  const collected = Promise.all([
    want.has('minioinfo') ? serverInfo(deps, host) : undefined,
    systemHealth(host, async () => (await deps.layer.drives()).map((d) => d.path), want),
  ]);
  void collected.then(
    ([info, sys]) => {
      const snapshot = {
        version: HEALTH_INFO_VERSION,
        timestamp: new Date().toISOString(),
        sys,
        minio: {
          ...(info ? { info: { ...info, tls: null, is_kubernetes: false, is_docker: false } } : {}),
          ...(want.has('minioconfig') ? { config: { config: redactedConfig(deps.config.config) } } : {}),
        },
      };
      stream.push(`${JSON.stringify(snapshot)}\n`);
      stream.push(null);
    },
    (err: unknown) => {
      stream.push(`${JSON.stringify({ version: HEALTH_INFO_VERSION, error: String(err) })}\n`);
      stream.push(null);
    },
  );
  return streamReply(stream);
}
