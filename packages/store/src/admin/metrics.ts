import { readdir, readFile } from 'node:fs/promises';
import type { MaintenanceLayer, ObjectLayer } from '../engine/object-layer.js';
import type { RequestContext } from '../http/context.js';
import type { CredentialStore } from '../iam/credentials.js';
import type { BackgroundMetric } from '../ilm/scanner.js';
import type { RequestMetrics } from '../observe/metrics.js';
import type { Reply } from '../wire/reply.js';
import type { MetricsAuth } from './metrics-auth.js';
import { SIZE_CLASS_NAMES } from './size-histogram.js';

// Prometheus metrics at /minio/v2/metrics/cluster and /node (madmin-protocol.md §7.4), in
// the text format, with MinIO's names. Who may read them: metrics-auth.ts.

export interface MetricsDeps {
  layer: ObjectLayer & MaintenanceLayer;
  credentials: CredentialStore;
  metrics: RequestMetrics;
  /** Who may read them (metrics-auth.ts), as set at start. */
  auth: MetricsAuth;
  /** The background engines' counters (the scanner and its visitors). */
  background?: () => BackgroundMetric[];
}

class Exposition {
  private readonly lines: string[] = [];

  metric(
    name: string,
    type: 'gauge' | 'counter',
    help: string,
    samples: [Record<string, string>, number][],
  ): void {
    this.lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const [labels, value] of samples) {
      const text = Object.entries(labels)
        .map(([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
        .join(',');
      this.lines.push(`${name}{${text}} ${value}`);
    }
  }

  toString(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

/** CPU, file descriptors and I/O of this process, as MinIO names them; Linux /proc where needed. */
async function processMetrics(out: Exposition, server: Record<string, string>): Promise<void> {
  const cpu = process.cpuUsage();
  out.metric(
    'minio_node_process_cpu_total_seconds',
    'counter',
    'Total user and system CPU time spent in seconds',
    [[server, (cpu.user + cpu.system) / 1e6]],
  );
  out.metric('minio_node_process_starttime_seconds', 'gauge', 'Start time for MinIO process per node', [
    [server, Math.floor(Date.now() / 1000 - process.uptime())],
  ]);
  const fds = await readdir('/proc/self/fd').catch(() => undefined);
  if (fds)
    out.metric('minio_node_file_descriptor_open_total', 'gauge', 'Total number of open file descriptors', [
      [server, fds.length],
    ]);
  const io = await readFile('/proc/self/io', 'utf8').catch(() => undefined);
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s*(\\d+)`, 'm').exec(io ?? '')?.[1] ?? Number.NaN);
  if (io) {
    out.metric(
      'minio_node_io_rchar_bytes',
      'counter',
      'Total bytes read by the process from the underlying storage system including cache',
      [[server, field('rchar')]],
    );
    out.metric(
      'minio_node_io_wchar_bytes',
      'counter',
      'Total bytes written by the process to the underlying storage system including page cache',
      [[server, field('wchar')]],
    );
  }
}

export async function metricsReply(
  deps: MetricsDeps,
  ctx: RequestContext,
  scope: 'cluster' | 'node',
): Promise<Reply> {
  const { layer } = deps;
  const server = { server: ctx.host };
  const out = new Exposition();
  const drives = await layer.drives();
  const online = drives.filter((d) => d.state === 'ok');
  const backend = layer.backendInfo();
  const raw = online.reduce((n, d) => n + (d.total ?? 0), 0);
  const rawFree = online.reduce((n, d) => n + (d.available ?? 0), 0);
  const usable = backend.dataShards / (backend.dataShards + backend.parityShards);
  const prefix = scope === 'cluster' ? 'minio_cluster' : 'minio_node';
  out.metric(`${prefix}_drive_online_total`, 'gauge', 'Total drives online', [[server, online.length]]);
  out.metric(`${prefix}_drive_offline_total`, 'gauge', 'Total drives offline', [
    [server, drives.length - online.length],
  ]);
  out.metric(`${prefix}_drive_total`, 'gauge', 'Total drives', [[server, drives.length]]);
  if (scope === 'cluster') {
    out.metric('minio_cluster_nodes_online_total', 'gauge', 'Total number of nodes online', [[server, 1]]);
    out.metric('minio_cluster_nodes_offline_total', 'gauge', 'Total number of nodes offline', [[server, 0]]);
    out.metric('minio_cluster_capacity_raw_total_bytes', 'gauge', 'Total capacity online in the cluster', [
      [server, raw],
    ]);
    out.metric(
      'minio_cluster_capacity_raw_free_bytes',
      'gauge',
      'Total free capacity online in the cluster',
      [[server, rawFree]],
    );
    out.metric(
      'minio_cluster_capacity_usable_total_bytes',
      'gauge',
      'Total usable capacity online in the cluster',
      [[server, Math.floor(raw * usable)]],
    );
    out.metric(
      'minio_cluster_capacity_usable_free_bytes',
      'gauge',
      'Total free usable capacity online in the cluster',
      [[server, Math.floor(rawFree * usable)]],
    );
    const buckets = await layer.listBuckets();
    const usage = await Promise.all(buckets.map((b) => layer.bucketUsage(b.name).catch(() => undefined)));
    out.metric('minio_cluster_bucket_total', 'gauge', 'Total number of buckets in the cluster', [
      [server, buckets.length],
    ]);
    out.metric('minio_cluster_usage_object_total', 'gauge', 'Total number of objects in the cluster', [
      [server, usage.reduce((n, u) => n + (u?.objects ?? 0), 0)],
    ]);
    out.metric('minio_cluster_usage_total_bytes', 'gauge', 'Total cluster usage in bytes', [
      [server, usage.reduce((n, u) => n + (u?.size ?? 0), 0)],
    ]);
    out.metric(
      'minio_bucket_usage_total_bytes',
      'gauge',
      'Total bucket size in bytes',
      buckets.map((b, i) => [{ ...server, bucket: b.name }, usage[i]?.size ?? 0]),
    );
    out.metric(
      'minio_bucket_usage_object_total',
      'gauge',
      'Total number of objects',
      buckets.map((b, i) => [{ ...server, bucket: b.name }, usage[i]?.objects ?? 0]),
    );
    out.metric(
      'minio_bucket_objects_size_distribution',
      'gauge',
      'Distribution of object sizes in the bucket, includes label for the bucket name',
      buckets.flatMap((b, i) =>
        SIZE_CLASS_NAMES.map((range, c): [Record<string, string>, number] => [
          { ...server, bucket: b.name, range },
          usage[i]?.sizes[c] ?? 0,
        ]),
      ),
    );
  }
  const m = deps.metrics;
  const apis = [...m.byApi.entries()]
    .filter(([api]) => api.startsWith('s3.'))
    .sort(([a], [b]) => a.localeCompare(b));
  const perApi = (
    pick: (c: { requests: number; errors4xx: number; errors5xx: number }) => number,
  ): [Record<string, string>, number][] =>
    apis.map(([api, c]) => [{ ...server, api: api.slice(3) }, pick(c)]);
  out.metric(
    'minio_s3_requests_total',
    'counter',
    'Total number S3 requests',
    perApi((c) => c.requests),
  );
  out.metric(
    'minio_s3_requests_errors_total',
    'counter',
    'Total number S3 requests with (4xx and 5xx) errors',
    perApi((c) => c.errors4xx + c.errors5xx),
  );
  out.metric(
    'minio_s3_requests_4xx_errors_total',
    'counter',
    'Total number S3 requests with (4xx) errors',
    perApi((c) => c.errors4xx),
  );
  out.metric(
    'minio_s3_requests_5xx_errors_total',
    'counter',
    'Total number S3 requests with (5xx) errors',
    perApi((c) => c.errors5xx),
  );
  out.metric('minio_s3_traffic_received_bytes', 'counter', 'Total number of s3 bytes received', [
    [server, m.receivedBytes],
  ]);
  out.metric('minio_s3_traffic_sent_bytes', 'counter', 'Total number of s3 bytes sent', [
    [server, m.sentBytes],
  ]);
  out.metric('minio_s3_requests_inflight_total', 'gauge', 'Total number of S3 requests currently in flight', [
    [server, m.inflight],
  ]);
  out.metric('minio_s3_requests_waiting_total', 'gauge', 'Total number of S3 requests in the waiting queue', [
    [server, m.queue?.queued ?? 0],
  ]);
  out.metric('minio_node_process_uptime_seconds', 'gauge', 'Uptime for this node', [
    [server, Math.floor(process.uptime())],
  ]);
  await processMetrics(out, server);
  out.metric(
    'minio_node_drive_used_bytes',
    'gauge',
    'Total storage used on a drive',
    drives.map((d) => [{ ...server, drive: d.path }, d.used ?? 0]),
  );
  out.metric(
    'minio_node_drive_free_bytes',
    'gauge',
    'Total storage available on a drive',
    drives.map((d) => [{ ...server, drive: d.path }, d.available ?? 0]),
  );
  out.metric(
    'minio_node_drive_total_bytes',
    'gauge',
    'Total storage on a drive',
    drives.map((d) => [{ ...server, drive: d.path }, d.total ?? 0]),
  );
  out.metric('minio_node_process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes', [
    [server, process.memoryUsage().rss],
  ]);
  for (const m of deps.background?.() ?? []) out.metric(m.name, m.type, m.help, [[server, m.value]]);
  return {
    status: 200,
    body: {
      type: 'bytes',
      value: Buffer.from(out.toString()),
      contentType: 'text/plain; version=0.0.4; charset=utf-8',
    },
  };
}
