import { type Static, type TSchema, Type } from 'typebox';
import { BucketName } from './routes/bucket-names.js';

/**
 * One live stream of the console (spec 002 §7.2), defined once like a route: the server checks
 * the query against it and the web app takes its frame type from it. Each frame is one text
 * message holding JSON. The server pings every 10 seconds and ignores what the client sends
 * (the web app's own keep-alives). It closes with 1000 when the stream is complete, and with
 * 1011 on a failure.
 */
export interface SocketDef<
  Params extends TSchema | undefined = TSchema | undefined,
  Query extends TSchema = TSchema,
  Frame extends TSchema = TSchema,
> {
  id: string;
  /** Below the base path (not below /api/v1), with `:name` parameters. */
  path: string;
  summary: string;
  params?: Params;
  query: Query;
  frame: Frame;
}

export function defineSocket<
  Params extends TSchema | undefined = undefined,
  Query extends TSchema = TSchema,
  Frame extends TSchema = TSchema,
>(def: SocketDef<Params, Query, Frame>): SocketDef<Params, Query, Frame> {
  return def;
}

export const SOCKET_KEEP_ALIVE_MS = 10_000;
/** The close reason of a stream that failed, as the original console sent it. */
export const SOCKET_FAILURE_REASON = 'an error occurred, please try again';

const Flag = Type.Union([
  Type.Literal('yes'),
  Type.Literal('no'),
  Type.Literal('true'),
  Type.Literal('false'),
]);
/** A query flag is on when it says yes or true. */
export const flagOn = (flag: string | undefined): boolean => flag === 'yes' || flag === 'true';
const TraceCall = '(all|s3|internal|storage|os)';
const optionalText = (maxLength: number) => Type.Optional(Type.String({ maxLength }));

export const TraceQuery = Type.Object({
  /** Which calls: a comma list of s3, internal, storage, os, or all (default s3). */
  calls: Type.Optional(Type.String({ pattern: `^(${TraceCall}(,${TraceCall})*)?$`, maxLength: 64 })),
  /** Only calls slower than this many milliseconds. */
  threshold: Type.Optional(Type.String({ pattern: '^\\d{0,9}$' })),
  onlyErrors: Type.Optional(Flag),
  /** Server-side filters, all of them applied: exact status, method, and substrings of the rest. */
  statusCode: Type.Optional(Type.String({ pattern: '^(\\d{3})?$' })),
  method: optionalText(16),
  funcname: optionalText(256),
  path: optionalText(1024),
});
export type TraceQuery = Static<typeof TraceQuery>;

export const TraceFrame = Type.Object(
  {
    time: Type.String(),
    /** The storage server node that served the call. */
    host: Type.String(),
    /** The caller's address, without the port. */
    client: Type.String(),
    api: Type.String(),
    method: Type.String(),
    path: Type.String(),
    query: Type.String(),
    statusCode: Type.Integer(),
    statusMsg: Type.String(),
    /** Bytes received and sent; durations in nanoseconds. */
    callStats: Type.Object({
      rx: Type.Integer(),
      tx: Type.Integer(),
      duration: Type.Integer(),
      timeToFirstByte: Type.Integer(),
    }),
  },
  { $id: 'TraceFrame' },
);
export type TraceFrame = Static<typeof TraceFrame>;

export const LogFrame = Type.Object(
  {
    time: Type.String(),
    node: Type.String(),
    level: Type.String(),
    errKind: Type.String(),
    ConsoleMsg: Type.String(),
    message: Type.Optional(Type.String()),
    deploymentid: Type.Optional(Type.String()),
    requestID: Type.Optional(Type.String()),
    remotehost: Type.Optional(Type.String()),
    host: Type.Optional(Type.String()),
    userAgent: Type.Optional(Type.String()),
    api: Type.Optional(
      Type.Object({
        name: Type.Optional(Type.String()),
        /** The bucket and object the request named. */
        args: Type.Optional(
          Type.Object({ bucket: Type.Optional(Type.String()), object: Type.Optional(Type.String()) }),
        ),
      }),
    ),
    error: Type.Optional(
      Type.Object({
        message: Type.Optional(Type.String()),
        source: Type.Optional(Type.Array(Type.String())),
      }),
    ),
  },
  { $id: 'LogFrame' },
);
export type LogFrame = Static<typeof LogFrame>;

export const WatchQuery = Type.Object({
  prefix: optionalText(1024),
  suffix: optionalText(1024),
  /** A comma list of put, get, delete (default all three). */
  events: Type.Optional(Type.String({ pattern: '^((put|get|delete)(,(put|get|delete))*)?$', maxLength: 32 })),
});
export type WatchQuery = Static<typeof WatchQuery>;

export const WatchFrame = Type.Object(
  {
    Time: Type.String(),
    Size: Type.Integer(),
    /** The S3 event name, e.g. s3:ObjectCreated:Put. */
    Type: Type.String(),
    /** bucket/key */
    Path: Type.String(),
    Host: Type.String(),
    UserAgent: Type.String(),
    UserMetadata: Type.Record(Type.String(), Type.String()),
  },
  { $id: 'WatchFrame' },
);
export type WatchFrame = Static<typeof WatchFrame>;

export const HealQuery = Type.Object({
  prefix: optionalText(1024),
  recursive: Type.Optional(Flag),
  'force-start': Type.Optional(Flag),
  'force-stop': Type.Optional(Flag),
  remove: Type.Optional(Flag),
  'dry-run': Type.Optional(Flag),
  scan: Type.Optional(Type.Union([Type.Literal('normal'), Type.Literal('deep')])),
});
export type HealQuery = Static<typeof HealQuery>;

const HealthColours = Type.Object({
  Green: Type.Integer(),
  Yellow: Type.Integer(),
  Red: Type.Integer(),
  Grey: Type.Integer(),
});
export type HealthColours = Static<typeof HealthColours>;

export const HealFrame = Type.Object(
  {
    /** not started, running, finished or stopped */
    summary: Type.String(),
    detail: Type.Optional(Type.String()),
    /** Seconds since the sequence started. */
    healDuration: Type.Number(),
    bytesScanned: Type.Integer(),
    itemsScanned: Type.Integer(),
    objectsScanned: Type.Integer(),
    itemsHealed: Type.Integer(),
    objectsHealed: Type.Integer(),
    healthBeforeCols: HealthColours,
    healthAfterCols: HealthColours,
  },
  { $id: 'HealFrame' },
);
export type HealFrame = Static<typeof HealFrame>;

export const HealthInfoQuery = Type.Object({
  /** How long the server may take, a Go duration (default 1h, at most 1h). */
  deadline: Type.Optional(Type.String({ pattern: '^\\d{1,4}(s|m|h)$' })),
});
export type HealthInfoQuery = Static<typeof HealthInfoQuery>;

/** The server's diagnostics document (madmin HealthInfo), offered to the user as a download. */
export const HealthInfoFrame = Type.Object(
  { version: Type.String(), timestamp: Type.Optional(Type.String()) },
  { $id: 'HealthInfoFrame', additionalProperties: true },
);
export type HealthInfoFrame = Static<typeof HealthInfoFrame>;

export const sockets = {
  trace: defineSocket({
    id: 'trace',
    path: '/ws/trace',
    summary: 'Live API calls',
    query: TraceQuery,
    frame: TraceFrame,
  }),
  console: defineSocket({
    id: 'console',
    path: '/ws/console',
    summary: "Recent, then live, lines of the server's log",
    query: Type.Object({}),
    frame: LogFrame,
  }),
  watch: defineSocket({
    id: 'watch',
    path: '/ws/watch/:bucket',
    summary: 'Live object events of a bucket',
    params: Type.Object({ bucket: BucketName }),
    query: WatchQuery,
    frame: WatchFrame,
  }),
  heal: defineSocket({
    id: 'heal',
    path: '/ws/heal/:bucket',
    summary: 'Heal a bucket or a prefix; one frame of running totals per second',
    params: Type.Object({ bucket: BucketName }),
    query: HealQuery,
    frame: HealFrame,
  }),
  healthInfo: defineSocket({
    id: 'healthInfo',
    path: '/ws/health-info',
    summary: 'One diagnostics report, sent when complete',
    query: HealthInfoQuery,
    frame: HealthInfoFrame,
  }),
} as const;
