import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// The dashboard (spec 000 §3 "Dashboard", spec 001 §9): the general status always, and
// widgets over a time range from Prometheus when one is configured, otherwise from the
// storage server's own metrics as the console records them.

/** A drive being filled again (wiped or replaced): how far the heal of every object onto it has got. */
export const DriveHealing = Type.Object(
  {
    /** ISO times. */
    started: Type.String(),
    lastUpdate: Type.String(),
    /** Objects and bytes the store held when the refill began. */
    objectsTotal: Type.Number(),
    bytesTotal: Type.Number(),
    itemsHealed: Type.Number(),
    itemsFailed: Type.Number(),
    bytesDone: Type.Number(),
    currentBucket: Type.String(),
    currentObject: Type.String(),
  },
  { $id: 'DriveHealing' },
);
export type DriveHealing = Static<typeof DriveHealing>;

export const DriveStatus = Type.Object(
  {
    uuid: Type.String(),
    endpoint: Type.String(),
    state: Type.String({ description: 'ok, offline, or what the server reports' }),
    totalSpace: Type.Number(),
    usedSpace: Type.Number(),
    availableSpace: Type.Number(),
    /** Present while the drive is being filled again. */
    healing: Type.Optional(DriveHealing),
  },
  { $id: 'DriveStatus' },
);

/** The server's heal-on-read queue (MinIO's MRF): objects a read or write found damaged. */
export const HealQueueStatus = Type.Object(
  {
    /** ISO time the figures count from (the server's start). */
    since: Type.String(),
    queued: Type.Number(),
    healed: Type.Number(),
    failed: Type.Number(),
    /** Turned away while the queue was full (a later scan or heal finds them). */
    dropped: Type.Number(),
    pending: Type.Number(),
    bytesHealed: Type.Number(),
  },
  { $id: 'HealQueueStatus' },
);
export type HealQueueStatus = Static<typeof HealQueueStatus>;

export const ServerStatus = Type.Object(
  {
    endpoint: Type.String(),
    state: Type.String({ description: 'online or offline' }),
    /** Seconds. */
    uptime: Type.Number(),
    version: Type.String(),
    /** Peer endpoint -> online/offline. */
    network: Type.Record(Type.String(), Type.String()),
    drives: Type.Array(DriveStatus),
  },
  { $id: 'ServerStatus' },
);
export type ServerStatus = Static<typeof ServerStatus>;

export const WidgetType = Type.Union(
  [
    Type.Literal('singleValue'),
    Type.Literal('linearGraph'),
    Type.Literal('barChart'),
    Type.Literal('pieChart'),
    Type.Literal('singleRep'),
  ],
  { $id: 'WidgetType' },
);

/** How the web formats a widget's numbers. */
export const WidgetUnit = Type.Union(
  [
    Type.Literal('count'),
    Type.Literal('bytes'),
    Type.Literal('seconds'),
    Type.Literal('perSecond'),
    Type.Literal('bytesPerSecond'),
    /** CPU seconds per second: 1 is one core busy. */
    Type.Literal('cpuSeconds'),
  ],
  { $id: 'WidgetUnit' },
);

/** One line (or slice, or bar) of a widget: its legend and [unix seconds, value] points. */
export const WidgetSeries = Type.Object(
  { name: Type.String(), values: Type.Array(Type.Tuple([Type.Number(), Type.Number()])) },
  { $id: 'WidgetSeries' },
);

export const Widget = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    type: WidgetType,
    unit: WidgetUnit,
    series: Type.Array(WidgetSeries),
  },
  { $id: 'Widget' },
);
export type Widget = Static<typeof Widget>;

export const MetricsSource = Type.Union([Type.Literal('prometheus'), Type.Literal('storage')], {
  $id: 'MetricsSource',
});

export const AdminInfoResponse = Type.Object(
  {
    buckets: Type.Number(),
    objects: Type.Number(),
    /** Bytes. */
    usage: Type.Number(),
    servers: Type.Array(ServerStatus),
    /** The dashboard's widgets, their series empty: each one's data is GET /admin/info/widgets/{id}. */
    widgets: Type.Array(Widget),
    /** Where the widgets come from; with 'storage', history starts when the console first looked. */
    metricsSource: MetricsSource,
    /** The background heal queue; absent when the user may not see heal status (admin:Heal). */
    healQueue: Type.Optional(HealQueueStatus),
  },
  { $id: 'AdminInfoResponse' },
);
export type AdminInfoResponse = Static<typeof AdminInfoResponse>;

/** Spec 000 §7: start and end in unix seconds; step in seconds between points. */
export const TimeRangeQuery = Type.Object(
  {
    start: Type.Optional(Type.Integer({ minimum: 0 })),
    end: Type.Optional(Type.Integer({ minimum: 0 })),
    step: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400 })),
  },
  { additionalProperties: false },
);
export type TimeRangeQuery = Static<typeof TimeRangeQuery>;

export const getAdminInfo = defineRoute({
  id: 'getAdminInfo',
  method: 'GET',
  path: '/admin/info',
  summary: 'The general status (buckets, objects, usage, servers, drives) and the list of dashboard widgets',
  tag: 'dashboard',
  auth: true,
  query: TimeRangeQuery,
  responses: { 200: AdminInfoResponse, ...CALL_ERRORS },
});

export const getWidget = defineRoute({
  id: 'getWidget',
  method: 'GET',
  path: '/admin/info/widgets/:widgetId',
  summary: 'One dashboard widget over a time range',
  tag: 'dashboard',
  auth: true,
  params: Type.Object({ widgetId: Type.Integer({ minimum: 0 }) }),
  query: TimeRangeQuery,
  responses: { 200: Widget, ...CALL_ERRORS, 404: ApiErrorBody },
});
