import type { AdminInfoResponse, ServerStatus, TimeRangeQuery, Widget } from '@stowage/contract';
import type { BgHealState, Credentials, InfoMessage, MadminClient } from '@stowage/madmin';
import { storageCall } from '../../clients/errors.js';
import { ApiError } from '../../http/errors.js';
import { healQueue, refills } from './heal-status.js';
import { PrometheusSource } from './prometheus.js';
import { MetricsRecorder, type Point } from './recorder.js';
import { isInstant, type Target, WIDGETS, type WidgetDef } from './widgets.js';

// GET /admin/info and its widgets. The general status comes from the admin API and is always
// there; widgets come from Prometheus when configured, and from the console's own recording of
// the storage server's metrics otherwise (or when Prometheus fails): the dashboard is never blank.

export interface TimeRange {
  start: number;
  end: number;
  step: number;
}

/** Prometheus answers at most 11,000 points per series; so do we. */
const MAX_POINTS = 11_000;

/** The range asked for, defaulting to the last hour in 60 points. */
export function timeRange(q: TimeRangeQuery, nowSeconds = Math.ceil(Date.now() / 1000)): TimeRange {
  const end = q.end ?? nowSeconds;
  const start = q.start ?? end - 3600;
  if (start >= end) throw new ApiError('badRequest', `start (${start}) must be before end (${end})`);
  const step = q.step ?? Math.max(15, Math.floor((end - start) / 60));
  if ((end - start) / step > MAX_POINTS)
    throw new ApiError('badRequest', `at most ${MAX_POINTS} points per series: use a larger step`);
  return { start, end, step };
}

export function toServerStatus(info: InfoMessage, heal?: BgHealState): ServerStatus[] {
  const healing = refills(heal);
  return (info.servers ?? []).map((s) => ({
    endpoint: s.endpoint ?? '',
    state: s.state ?? 'offline',
    uptime: s.uptime ?? 0,
    version: s.version ?? '',
    network: s.network ?? {},
    drives: (s.drives ?? []).map((d) => ({
      uuid: d.uuid ?? '',
      endpoint: d.endpoint ?? d.path ?? '',
      state: d.state ?? 'offline',
      totalSpace: d.totalspace ?? 0,
      usedSpace: d.usedspace ?? 0,
      availableSpace: d.availspace ?? 0,
      ...(healing.has(d.endpoint ?? d.path ?? '')
        ? { healing: healing.get(d.endpoint ?? d.path ?? '')! }
        : {}),
    })),
  }));
}

export interface DashboardOptions {
  serverUrl: string;
  prometheus?: { url: string; job: string } | undefined;
}

interface Source {
  range(target: Target, start: number, end: number, step: number): Promise<Map<string, Point[]>>;
  instant(target: Target, t: number): Promise<Map<string, Point[]>>;
}

const NOTHING: Source = { range: async () => new Map(), instant: async () => new Map() };

export class Dashboard {
  readonly recorder: MetricsRecorder;
  readonly #prometheus: PrometheusSource | undefined;

  constructor(opts: DashboardOptions) {
    this.recorder = new MetricsRecorder({ serverUrl: opts.serverUrl });
    this.#prometheus = opts.prometheus && new PrometheusSource(opts.prometheus);
  }

  #recorded(): Source {
    const r = this.recorder;
    return {
      range: async (target, start, end, step) => r.range(target, start, end, step),
      instant: async (target, t) => r.instant(target, t),
    };
  }

  async #widget(source: Source, def: WidgetDef, range: TimeRange): Promise<Widget> {
    const { targets, ...shape } = def;
    const results = await Promise.all(
      targets.map((target) =>
        isInstant(def)
          ? source.instant(target, range.end)
          : source.range(target, range.start, range.end, range.step),
      ),
    );
    const series = results.flatMap((m) =>
      [...m].map(([name, values]) => ({ name, values })).sort((a, b) => a.name.localeCompare(b.name)),
    );
    return { ...shape, series };
  }

  /** Every widget from one source; Prometheus failing falls back to the recording. */
  async #widgets(
    defs: readonly WidgetDef[],
    query: TimeRangeQuery,
    session: { credentials: Credentials; credentialsExpireAt: number },
  ): Promise<{ widgets: Widget[]; source: 'prometheus' | 'storage' }> {
    if (this.#prometheus) {
      const prom = this.#prometheus;
      try {
        const widgets = await Promise.all(defs.map((d) => this.#widget(prom, d, timeRange(query))));
        return { widgets, source: 'prometheus' };
      } catch {
        // Fall through to the storage server's own metrics.
      }
    }
    // A session the server does not let read metrics gets empty widgets (and the general
    // status, which the server judges separately).
    const allowed = await this.recorder.viewed(session.credentials, session.credentialsExpireAt).then(
      () => true,
      () => false,
    );
    // "Now" is read after the scrape, so that the range ends with it.
    const range = timeRange(query);
    const source = allowed ? this.#recorded() : NOTHING;
    return { widgets: await Promise.all(defs.map((d) => this.#widget(source, d, range))), source: 'storage' };
  }

  /**
   * The general status and the list of widgets (their series empty): the web fetches each
   * widget on its own from GET /admin/info/widgets/{id}, so one failing never blanks the rest.
   * The query's range is checked first: a bad one is a 400 before any call is made.
   */
  async adminInfo(admin: MadminClient, query: TimeRangeQuery): Promise<AdminInfoResponse> {
    timeRange(query);
    // Heal status needs admin:Heal: a user without it sees the rest of the dashboard.
    const [info, heal] = await Promise.all([
      storageCall(admin.serverInfo()),
      admin.heal.background().catch(() => undefined),
    ]);
    const queue = healQueue(heal);
    return {
      buckets: info.buckets?.count ?? 0,
      objects: info.objects?.count ?? 0,
      usage: info.usage?.size ?? 0,
      servers: toServerStatus(info, heal),
      widgets: WIDGETS.map(({ targets: _, ...shape }) => ({ ...shape, series: [] })),
      metricsSource: this.#prometheus ? 'prometheus' : 'storage',
      ...(queue ? { healQueue: queue } : {}),
    };
  }

  async widget(
    id: number,
    session: { credentials: Credentials; credentialsExpireAt: number },
    query: TimeRangeQuery,
  ): Promise<Widget> {
    timeRange(query);
    const def = WIDGETS.find((w) => w.id === id);
    if (!def) throw new ApiError('notFound', `no widget ${id}`);
    const { widgets } = await this.#widgets([def], query, session);
    return widgets[0]!;
  }

  close(): void {
    this.recorder.stop();
  }
}
