import type { LogFrame } from '@stowage/contract';
import type { LogInfo, MadminClient } from '@stowage/madmin';

/** Lines of history the page starts with, as the original console asked for. */
const HISTORY_LINES = 100;

type ServerLogLine = LogInfo & Partial<Omit<LogFrame, keyof LogInfo>>;

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The server's log line with the fields the page reads; unknown extras are left out. */
export function toLogFrame(line: ServerLogLine): LogFrame {
  const frame: LogFrame = {
    time: line.time,
    node: line.node ?? '',
    level: line.level ?? '',
    errKind: line.errKind ?? '',
    ConsoleMsg: line.ConsoleMsg ?? '',
  };
  for (const key of ['message', 'deploymentid', 'requestID', 'remotehost', 'host', 'userAgent'] as const) {
    const value = text(line[key]);
    if (value !== undefined) frame[key] = value;
  }
  if (line.api && typeof line.api === 'object') {
    const args = line.api.args && typeof line.api.args === 'object' ? line.api.args : {};
    const named = {
      ...(text(args.bucket) ? { bucket: args.bucket } : {}),
      ...(text(args.object) ? { object: args.object } : {}),
    };
    frame.api = {
      ...(text(line.api.name) ? { name: line.api.name } : {}),
      ...(Object.keys(named).length > 0 ? { args: named } : {}),
    };
  }
  if (line.error && typeof line.error === 'object') {
    frame.error = {
      ...(text(line.error.message) ? { message: line.error.message } : {}),
      ...(Array.isArray(line.error.source)
        ? { source: line.error.source.filter((s) => typeof s === 'string') }
        : {}),
    };
  }
  return frame;
}

export async function* consoleLogFrames(admin: MadminClient, signal: AbortSignal): AsyncGenerator<LogFrame> {
  for await (const line of admin.logs({ limit: HISTORY_LINES, logType: 'ALL', signal })) {
    yield toLogFrame(line as ServerLogLine);
  }
}
