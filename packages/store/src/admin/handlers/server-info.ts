import { availableParallelism } from 'node:os';
import type { Disk, InfoMessage } from '@stowage/madmin';
import { effective, isEnabled, type ServerConfig } from '../../config/kv.js';
import { configuredRegion, notificationArns } from '../../config/notify-arns.js';
import { probeStatus, probeTarget } from '../../config/notify-probe.js';
import { reportedParities } from '../../config/storage-class.js';
import type { ServerConfigStore } from '../../config/store.js';
import { notifyType, SUBSYSTEMS } from '../../config/subsystems.js';
import type { DriveInfo, MaintenanceLayer, ObjectLayer } from '../../engine/object-layer.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import type { LogTargets } from '../../observe/log-targets.js';
import type { NotificationTargets } from '../../observe/notify-targets.js';
import type { TargetStatus } from '../../observe/queued-target.js';
import { sizeHistogram } from '../size-histogram.js';
import { backendInfoJson } from './account.js';

// GET /info, /storageinfo and /datausageinfo (madmin-protocol.md §7): what the console's
// dashboard shows. One node, one pool, one erasure set; usage comes from the per-bucket
// counters the engine keeps on every write, so it is never stale.

export const STORE_VERSION = '0.1.0';

export interface ServerInfoDeps {
  layer: ObjectLayer & MaintenanceLayer;
  deploymentId: string;
  region: string;
  config: ServerConfigStore;
  logTargets: LogTargets;
  /** The running notify_* targets, for their status. */
  notifyTargets: NotificationTargets;
  /** When this server started (ms): a service restart starts it anew, as MinIO's re-exec does. */
  startedAt: number;
}

type TargetsStatus = Array<Record<string, Array<Record<string, { status: 'online' | 'offline' }>>>>;

/**
 * services.notifications, grouped by type (§6.6): a running target's status as its last
 * delivery showed it (a reachable broker that refuses our credentials is offline), else a
 * live check of its address.
 */
export async function notificationStatus(
  config: ServerConfig,
  delivered: (target: string) => TargetStatus | undefined,
  outbound: OutboundPolicy,
): Promise<TargetsStatus> {
  const groups = await Promise.all(
    SUBSYSTEMS.filter((sub) => sub.name.startsWith('notify_')).map(async (sub) => {
      const targets = Object.keys(config[sub.name] ?? {})
        .sort()
        .filter((target) => isEnabled(sub, effective(config, sub, target)));
      const statuses = await Promise.all(
        targets.map(async (target) => {
          const seen = delivered(`${target}:${notifyType(sub.name)}`);
          const where = probeTarget(sub.name.slice('notify_'.length), effective(config, sub, target));
          const online = seen
            ? seen === 'online'
            : where !== undefined && (await probeStatus(where, outbound));
          return { [target]: { status: online ? ('online' as const) : ('offline' as const) } };
        }),
      );
      return statuses.length ? { [notifyType(sub.name)]: statuses } : undefined;
    }),
  );
  return groups.filter((g) => g !== undefined);
}

export function diskJson(d: DriveInfo): Disk {
  const disk: Disk = {
    endpoint: d.path,
    path: d.path,
    state: d.state,
    major: 0,
    minor: 0,
    pool_index: 0,
    set_index: d.set,
    disk_index: d.inSet,
  };
  if (d.total !== undefined) disk.totalspace = d.total;
  if (d.used !== undefined) disk.usedspace = d.used;
  if (d.available !== undefined) disk.availspace = d.available;
  return disk;
}

interface Usage {
  buckets: number;
  objects: number;
  versions: number;
  size: number;
  perBucket: Record<
    string,
    {
      size: number;
      objectsCount: number;
      versionsCount: number;
      objectsSizesHistogram: Record<string, number>;
    }
  >;
}

async function usage(layer: ObjectLayer): Promise<Usage> {
  const buckets = await layer.listBuckets();
  const out: Usage = { buckets: buckets.length, objects: 0, versions: 0, size: 0, perBucket: {} };
  for (const b of buckets) {
    const u = await layer.bucketUsage(b.name).catch(() => undefined);
    if (!u) continue;
    out.objects += u.objects;
    out.versions += u.versions;
    out.size += u.size;
    out.perBucket[b.name] = {
      size: u.size,
      objectsCount: u.objects,
      versionsCount: u.versions,
      objectsSizesHistogram: sizeHistogram(u.sizes),
    };
  }
  return out;
}

export async function serverInfo(deps: ServerInfoDeps, host: string): Promise<InfoMessage> {
  const { layer } = deps;
  const backend = layer.backendInfo();
  const parities = reportedParities(deps.config.config, backend);
  const drives = await layer.drives();
  const u = await usage(layer);
  const mem = process.memoryUsage();
  const info: InfoMessage = {
    mode: 'online',
    deploymentID: deps.deploymentId,
    buckets: { count: u.buckets },
    objects: { count: u.objects },
    versions: { count: u.versions },
    usage: { size: u.size },
    services: {
      kms: { status: 'disabled' },
      ldap: {},
      // Only targets with an endpoint are listed, and the keys are left out when none is.
      ...(deps.logTargets.active('logger') ? { logger: deps.logTargets.status('logger') } : {}),
      ...(deps.logTargets.active('audit') ? { audit: deps.logTargets.status('audit') } : {}),
    },
    backend: {
      backendType: 'Erasure',
      onlineDisks: backend.onlineDrives,
      offlineDisks: backend.drives - backend.onlineDrives,
      standardSCParity: parities.standard,
      rrSCParity: parities.rrs,
    },
    servers: [
      {
        state: 'online',
        endpoint: host,
        scheme: 'http',
        uptime: Math.floor((Date.now() - deps.startedAt) / 1000),
        version: STORE_VERSION,
        commitID: '',
        network: { [host]: 'online' },
        drives: drives.map(diskJson),
        poolNumber: 1,
        mem_stats: {
          Alloc: mem.heapUsed,
          TotalAlloc: mem.heapTotal,
          Mallocs: 0,
          Frees: 0,
          HeapAlloc: mem.heapUsed,
        },
        num_cpu: availableParallelism(),
        runtime_version: process.version,
      },
    ],
  };
  const region = configuredRegion(deps.config.config) || deps.region;
  if (region) info.region = region;
  const arns = notificationArns(deps.config.config);
  if (arns.length > 0) {
    info.sqsARN = arns;
    info.services!.notifications = await notificationStatus(
      deps.config.config,
      (t) => deps.notifyTargets.status(t),
      deps.notifyTargets.outbound,
    );
  }
  return info;
}

export async function storageInfo(
  layer: MaintenanceLayer,
  host: string,
  config: ServerConfig,
): Promise<unknown> {
  const drives = (await layer.drives()).map(diskJson);
  drives.sort((a, b) => (a.totalspace ?? 0) - (b.totalspace ?? 0));
  return { Disks: drives, Backend: backendInfoJson(layer, host, config) };
}

export async function dataUsageInfo(layer: ObjectLayer): Promise<unknown> {
  const u = await usage(layer);
  return {
    // The counters are kept on every write: the figures are as of now.
    lastUpdate: new Date().toISOString(),
    objectsCount: u.objects,
    versionsCount: u.versions,
    objectsTotalSize: u.size,
    bucketsCount: u.buckets,
    bucketsUsageInfo: u.perBucket,
    bucketsSizes: Object.fromEntries(Object.entries(u.perBucket).map(([name, b]) => [name, b.size])),
  };
}
