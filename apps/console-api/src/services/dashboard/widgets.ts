import type { Widget } from '@stowage/contract';

// The dashboard's panels (spec 001 §9), as data. Each target is one aggregated query over
// MinIO's metric names; the same definition becomes PromQL for Prometheus and is evaluated
// directly over the console's own scrapes when there is no Prometheus.

export interface Target {
  metric: string;
  /** How series are combined; grouped by a label when `by` is set. */
  agg: 'sum' | 'max';
  by?: string;
  /** Only series with these label values. */
  match?: Readonly<Record<string, string>>;
  /** Per-second rate of a counter. */
  rate?: boolean;
  /** Legend when not grouped; grouped series are named by their label value. */
  legend: string;
}

export interface WidgetDef extends Omit<Widget, 'series'> {
  targets: readonly Target[];
}

const t = (metric: string, legend: string, extra: Partial<Target> = {}): Target => ({
  metric,
  agg: 'sum',
  legend,
  ...extra,
});

/** Widgets whose value is a point in time (the end of the range), not a series over it. */
export const isInstant = (w: Pick<Widget, 'type'>): boolean =>
  w.type === 'singleValue' || w.type === 'pieChart' || w.type === 'barChart';

export const WIDGETS: readonly WidgetDef[] = [
  {
    id: 1,
    title: 'Uptime',
    type: 'singleValue',
    unit: 'seconds',
    targets: [t('minio_node_process_uptime_seconds', 'Uptime', { agg: 'max' })],
  },
  {
    id: 2,
    title: 'Total Online Disks',
    type: 'singleValue',
    unit: 'count',
    targets: [t('minio_cluster_drive_online_total', 'Online')],
  },
  {
    id: 3,
    title: 'Total Offline Disks',
    type: 'singleValue',
    unit: 'count',
    targets: [t('minio_cluster_drive_offline_total', 'Offline')],
  },
  {
    id: 4,
    title: 'Total Online Servers',
    type: 'singleValue',
    unit: 'count',
    targets: [t('minio_cluster_nodes_online_total', 'Online')],
  },
  {
    id: 5,
    title: 'Total Offline Servers',
    type: 'singleValue',
    unit: 'count',
    targets: [t('minio_cluster_nodes_offline_total', 'Offline')],
  },
  {
    id: 6,
    title: 'Usable Capacity',
    type: 'pieChart',
    unit: 'bytes',
    targets: [
      t('minio_cluster_usage_total_bytes', 'Used'),
      t('minio_cluster_capacity_usable_free_bytes', 'Free'),
    ],
  },
  {
    id: 7,
    title: 'Raw Capacity',
    type: 'singleValue',
    unit: 'bytes',
    targets: [t('minio_cluster_capacity_raw_total_bytes', 'Raw')],
  },
  {
    id: 8,
    title: 'Data Usage Growth',
    type: 'linearGraph',
    unit: 'bytes',
    targets: [t('minio_cluster_usage_total_bytes', 'Used')],
  },
  {
    id: 9,
    title: 'Object Size Distribution',
    type: 'barChart',
    unit: 'count',
    targets: [t('minio_bucket_objects_size_distribution', 'Objects', { by: 'range' })],
  },
  {
    id: 10,
    title: 'Number of Buckets',
    type: 'singleRep',
    unit: 'count',
    targets: [t('minio_cluster_bucket_total', 'Buckets')],
  },
  {
    id: 11,
    title: 'Number of Objects',
    type: 'singleRep',
    unit: 'count',
    targets: [t('minio_cluster_usage_object_total', 'Objects')],
  },
  {
    id: 12,
    title: 'S3 API Request Rate',
    type: 'linearGraph',
    unit: 'perSecond',
    targets: [t('minio_s3_requests_total', 'Requests', { by: 'api', rate: true })],
  },
  {
    id: 13,
    title: 'S3 API Request Error Rate',
    type: 'linearGraph',
    unit: 'perSecond',
    targets: [t('minio_s3_requests_errors_total', 'Errors', { by: 'api', rate: true })],
  },
  {
    id: 14,
    title: 'S3 API 4xx Error Rate',
    type: 'linearGraph',
    unit: 'perSecond',
    targets: [t('minio_s3_requests_4xx_errors_total', '4xx', { rate: true })],
  },
  {
    id: 15,
    title: 'S3 API 5xx Error Rate',
    type: 'linearGraph',
    unit: 'perSecond',
    targets: [t('minio_s3_requests_5xx_errors_total', '5xx', { rate: true })],
  },
  {
    id: 16,
    title: 'S3 API Data Transfer',
    type: 'linearGraph',
    unit: 'bytesPerSecond',
    targets: [
      t('minio_s3_traffic_received_bytes', 'Received', { rate: true }),
      t('minio_s3_traffic_sent_bytes', 'Sent', { rate: true }),
    ],
  },
  {
    id: 17,
    title: 'Total S3 Traffic Inbound',
    type: 'singleValue',
    unit: 'bytes',
    targets: [t('minio_s3_traffic_received_bytes', 'Received')],
  },
  {
    id: 18,
    title: 'Total S3 Traffic Outbound',
    type: 'singleValue',
    unit: 'bytes',
    targets: [t('minio_s3_traffic_sent_bytes', 'Sent')],
  },
  {
    id: 19,
    title: 'Total S3 Requests',
    type: 'singleValue',
    unit: 'count',
    targets: [t('minio_s3_requests_total', 'Requests')],
  },
  {
    id: 20,
    title: 'Active S3 Requests',
    type: 'linearGraph',
    unit: 'count',
    targets: [t('minio_s3_requests_inflight_total', 'In flight', { by: 'server' })],
  },
  {
    id: 21,
    title: 'CPU Usage',
    type: 'linearGraph',
    unit: 'cpuSeconds',
    targets: [t('minio_node_process_cpu_total_seconds', 'CPU', { by: 'server', rate: true })],
  },
  {
    id: 22,
    title: 'Memory Usage',
    type: 'linearGraph',
    unit: 'bytes',
    targets: [t('minio_node_process_resident_memory_bytes', 'Memory', { by: 'server' })],
  },
  {
    id: 23,
    title: 'Read IO',
    type: 'linearGraph',
    unit: 'bytesPerSecond',
    targets: [t('minio_node_io_rchar_bytes', 'Read', { by: 'server', rate: true })],
  },
  {
    id: 24,
    title: 'Write IO',
    type: 'linearGraph',
    unit: 'bytesPerSecond',
    targets: [t('minio_node_io_wchar_bytes', 'Write', { by: 'server', rate: true })],
  },
  {
    id: 25,
    title: 'Total Open FDs',
    type: 'linearGraph',
    unit: 'count',
    targets: [t('minio_node_file_descriptor_open_total', 'Open', { by: 'server' })],
  },
  {
    id: 26,
    title: 'Drive Used Capacity',
    type: 'barChart',
    unit: 'bytes',
    targets: [t('minio_node_drive_used_bytes', 'Used', { by: 'drive' })],
  },
  {
    id: 27,
    title: 'Drive Free Capacity',
    type: 'barChart',
    unit: 'bytes',
    targets: [t('minio_node_drive_free_bytes', 'Free', { by: 'drive' })],
  },
  {
    id: 28,
    title: 'Objects Healed',
    type: 'singleValue',
    unit: 'count',
    targets: [t('minio_heal_objects_heal_total', 'Healed')],
  },
  {
    id: 29,
    title: 'Internode Data Transfer',
    type: 'linearGraph',
    unit: 'bytesPerSecond',
    targets: [
      t('minio_inter_node_traffic_received_bytes', 'Received', { rate: true }),
      t('minio_inter_node_traffic_sent_bytes', 'Sent', { rate: true }),
    ],
  },
  {
    id: 30,
    title: 'Usable Free Capacity',
    type: 'singleRep',
    unit: 'bytes',
    targets: [t('minio_cluster_capacity_usable_free_bytes', 'Free')],
  },
];

/** The metric names any widget reads (what a recorder keeps from each scrape). */
export const WIDGET_METRICS: ReadonlySet<string> = new Set(
  WIDGETS.flatMap((w) => w.targets.map((x) => x.metric)),
);

/** The PromQL of a target, for the scrape job `job`. */
export function promql(target: Target, job: string, rateWindowSeconds: number): string {
  const labels = [`job="${job}"`, ...Object.entries(target.match ?? {}).map(([k, v]) => `${k}="${v}"`)];
  const selector = `${target.metric}{${labels.join(',')}}`;
  const inner = target.rate ? `rate(${selector}[${rateWindowSeconds}s])` : selector;
  return `${target.agg}${target.by ? ` by (${target.by})` : ''} (${inner})`;
}
