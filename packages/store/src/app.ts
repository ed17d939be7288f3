import type { MetricsAuth } from './admin/metrics-auth.js';
import { adminProtocol, minioMiscProtocol } from './admin/protocol.js';
import type { ServiceAction } from './admin/router.js';
import { corsAllowOrigins, objectMaxVersions, requestLimits } from './config/api.js';
import { compressionRule } from './config/compression.js';
import type { ServerConfig } from './config/kv.js';
import { notificationArns } from './config/notify-arns.js';
import { paritiesInForce, parityFor } from './config/storage-class.js';
import type { ServerConfigStore } from './config/store.js';
import type { MasterKey } from './crypto/index.js';
import type { MaintenanceLayer, ObjectLayer } from './engine/object-layer.js';
import type { SystemStore } from './engine/system-store.js';
import type { TrustedProxies } from './http/client-address.js';
import type { RequestContext } from './http/context.js';
import { fromDomainError } from './http/domain-errors.js';
import { FreezeGate } from './http/freeze-gate.js';
import { RequestPool } from './http/request-pool.js';
import type { Protocol, ServerDeps } from './http/server.js';
import type { CredentialStore } from './iam/credentials.js';
import type { BackgroundMetric } from './ilm/scanner.js';
import type { TierStats } from './ilm/transition/tier-stats.js';
import type { OutboundPolicy } from './net/outbound.js';
import { auditEntry } from './observe/audit.js';
import type { EventBus } from './observe/bucket-events.js';
import { Bus, type HttpTrace } from './observe/bus.js';
import type { LogTargets } from './observe/log-targets.js';
import type { LogEntry, Logger } from './observe/logger.js';
import { RequestMetrics } from './observe/metrics.js';
import type { NotificationTargets } from './observe/notify-targets.js';
import type { OpTracer } from './observe/op-trace.js';
import type { ReplicationView } from './replication/engine.js';
import type { S3Deps } from './s3/call.js';
import { s3Protocol } from './s3/protocol.js';
import { isStsRequest, type StsDeps, stsProtocol } from './sts/protocol.js';
import { addressGuard } from './sts/signer-guards.js';

export interface AppDeps {
  layer: ObjectLayer & MaintenanceLayer;
  /** The system namespace: IAM, bucket configuration, the SSE master key. */
  system: SystemStore;
  masterKey: MasterKey;
  /** The static KMS key (SSE-KMS), when one is configured. */
  kms?: MasterKey | undefined;
  credentials: CredentialStore;
  /** The server configuration the admin API reads and sets. */
  config: ServerConfigStore;
  /** The store's region ('' when none): what it reports. */
  region: string;
  /** The region requests must name; undefined accepts any. */
  signingRegion?: string;
  deploymentId: string;
  log: Logger;
  /** The log as the console-log stream sees it (what `log` wrote, recent lines kept). */
  logs: Bus<LogEntry>;
  /** What the admin API's service call does. */
  service: (action: ServiceAction) => void;
  /** The logger_webhook and audit_webhook targets. */
  logTargets: LogTargets;
  /** The notify_* targets bucket events are delivered to. */
  notifyTargets: NotificationTargets;
  /** What successful S3 requests did: listeners and notification delivery read it. */
  events: EventBus;
  /** The storage and os kinds of the trace stream. */
  opTraces: readonly OpTracer[];
  /** The identity providers and login throttling STS works with. */
  sts: Omit<StsDeps, 'credentials' | 'signingRegion'>;
  /** Proxies (the console) whose X-Forwarded-For names the client. */
  trustedProxies: TrustedProxies;
  /** STOWAGE_API_CSP_SANDBOX: documents (HTML, SVG, XML) served sandboxed. */
  cspSandbox: boolean;
  /** STOWAGE_OUTBOUND_ALLOW: where targets, remotes and tiers may connect. */
  outbound: OutboundPolicy;
  /** Who may read the metrics (STOWAGE_PROMETHEUS_*). */
  metricsAuth: MetricsAuth;
  /** The background engines' counters, for the metrics endpoint. */
  backgroundMetrics?: () => BackgroundMetric[];
  /** RestoreObject: brings a transitioned version back from its tier for some days. */
  restore: S3Deps['restore'];
  /** Bucket replication: what a write must wait to send, and what waits. */
  replication?: ReplicationView;
  /** What each remote tier holds, as the scanner last counted it. */
  tierStats: () => ReadonlyMap<string, TierStats>;
}

const isListenRequest = (ctx: RequestContext): boolean =>
  ctx.method === 'GET' && ctx.query.some(([name]) => name === 'events');

/**
 * A setting worked out from the live configuration, again only once it changed: every
 * request asks, and the configuration is replaced, never changed in place, by an update.
 */
function settingOf<T>(store: ServerConfigStore, work: (config: ServerConfig) => T): () => T {
  let cached: { from: ServerConfig; value: T } | undefined;
  return () => {
    const from = store.config;
    if (cached?.from !== from) cached = { from, value: work(from) };
    return cached.value;
  };
}

/** Which protocol serves a request: admin and STS routes come before S3, as in MinIO. */
export function createApp(deps: AppDeps): ServerDeps {
  const trace = new Bus<HttpTrace>();
  const freeze = new FreezeGate();
  const backend = deps.layer.backendInfo();
  const drives = backend.setDrives;
  const perConfig = <T>(work: (config: ServerConfig) => T) => settingOf(deps.config, work);
  const parities = perConfig((c) => paritiesInForce(c, drives, backend.parityShards));
  const maxVersions = perConfig(objectMaxVersions);
  // S3 and admin signatures share the STS throttle's address table: one guesser, one count.
  const signers = addressGuard(deps.sts.throttle);
  const admin = adminProtocol({
    trace,
    opTraces: deps.opTraces,
    logs: deps.logs,
    service: deps.service,
    layer: deps.layer,
    system: deps.system,
    credentials: deps.credentials,
    signers,
    deploymentId: deps.deploymentId,
    region: deps.region,
    config: deps.config,
    logTargets: deps.logTargets,
    notifyTargets: deps.notifyTargets,
    freeze,
    startedAt: Date.now(),
    outbound: deps.outbound,
    tierStats: deps.tierStats,
  });
  const metrics = new RequestMetrics();
  const requests = new RequestPool(perConfig((c) => requestLimits(c, drives)));
  metrics.queue = requests;
  const misc = minioMiscProtocol(deps.deploymentId, {
    layer: deps.layer,
    credentials: deps.credentials,
    metrics,
    auth: deps.metricsAuth,
    ...(deps.backgroundMetrics ? { background: deps.backgroundMetrics } : {}),
  });
  const sts = stsProtocol({
    ...deps.sts,
    credentials: deps.credentials,
    ...(deps.signingRegion ? { signingRegion: deps.signingRegion } : {}),
  });
  const s3Calls = s3Protocol({
    layer: deps.layer,
    restore: deps.restore,
    system: deps.system,
    masterKey: deps.masterKey,
    kms: deps.kms,
    region: deps.region,
    ...(deps.signingRegion ? { signingRegion: deps.signingRegion } : {}),
    credentials: deps.credentials,
    signers,
    deploymentId: deps.deploymentId,
    events: deps.events,
    notificationArns: () => notificationArns(deps.config.config),
    corsAllowOrigins: () => corsAllowOrigins(deps.config.config),
    storageClassParity: (storageClass) => parityFor(parities(), storageClass),
    objectMaxVersions: maxVersions,
    compression: perConfig(compressionRule),
    cspSandbox: deps.cspSandbox,
    log: deps.log,
    ...(deps.replication ? { replication: deps.replication } : {}),
  });
  const s3: Protocol = {
    // A ListenBucketNotification stream lasts as long as its client wants: it takes no place.
    admit: (ctx, onLeave) => (isListenRequest(ctx) ? () => {} : requests.admit(onLeave)),
    handle: (ctx) => freeze.through(() => s3Calls.handle(ctx)),
    errorReply: (err, ctx) => s3Calls.errorReply(err, ctx),
  };

  return {
    select(ctx: RequestContext): Protocol {
      if (ctx.rawPath.startsWith('/minio/admin/')) return admin;
      if (/^\/minio\/(health|kms|v2\/metrics|prometheus)\//.test(ctx.rawPath)) return misc;
      if (isStsRequest(ctx)) return sts;
      return s3;
    },
    mapError: fromDomainError,
    log: deps.log,
    trustedProxies: deps.trustedProxies,
    trace,
    metrics,
    audit: {
      get active() {
        return deps.logTargets.active('audit');
      },
      record: (request) => deps.logTargets.send('audit', auditEntry(request, deps.deploymentId)),
    },
  };
}
