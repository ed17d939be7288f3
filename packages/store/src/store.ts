import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { ServiceAction } from './admin/router.js';
import { logInfo } from './admin/streams.js';
import { createApp } from './app.js';
import { configEnvFrom } from './config/env.js';
import { configuredRegion } from './config/notify-arns.js';
import { storageClassParity } from './config/storage-class.js';
import { ServerConfigStore } from './config/store.js';
import { BucketConfigStore } from './engine/bucket-config-store.js';
import { healQueueDelay } from './engine/erasure/heal/heal-journal.js';
import { everyKey } from './engine/erasure/listing/key-walk.js';
import { erasureParams } from './engine/erasure/params.js';
import { ErasureSets } from './engine/erasure/sets/sets-layer.js';
import { initDrives } from './engine/fs/drives.js';
import type { ObjectInfo } from './engine/object-layer.js';
import { TrustedProxies } from './http/client-address.js';
import { createHttpServer } from './http/server.js';
import { CredentialStore } from './iam/credentials.js';
import { ExternalUserChecks, ldapDirectory } from './iam/external-users.js';
import { type IdentityOptions, type IdentitySettings, identitySettings } from './iam/identity-settings.js';
import { KeycloakUsers, keycloakDirectory } from './iam/keycloak.js';
import { ldapConfigFrom } from './iam/ldap.js';
import { OpenIdVerifier, openIdConfigFrom } from './iam/openid.js';
import type { RootCredentials } from './iam/root.js';
import { LifecycleExpiry } from './ilm/lifecycle/expiry.js';
import { LifecycleTransition } from './ilm/lifecycle/transition-visitor.js';
import { Scanner, scannerPolicy } from './ilm/scanner.js';
import { withTierCopiesOfRemovedBuckets } from './ilm/transition/bucket-removal.js';
import { readThrough } from './ilm/transition/read-through.js';
import { TierJournal } from './ilm/transition/tier-journal.js';
import { TierUsage } from './ilm/transition/tier-stats.js';
import { transitionWorkers } from './ilm/transition/transition-queue.js';
import { Transitions } from './ilm/transition/transitions.js';
import { BitrotScan } from './maintenance/bitrot-scan.js';
import { healPace, waitForLowIO } from './maintenance/heal-pace.js';
import { StaleUploadCleanup } from './maintenance/stale-uploads.js';
import type { BucketEvent, EventProbe } from './observe/bucket-events.js';
import { Bus } from './observe/bus.js';
import { LogTargets } from './observe/log-targets.js';
import { createLogger, type LogEntry, type Logger } from './observe/logger.js';
import { NotificationTargets } from './observe/notify-targets.js';
import { OpTracer, osCalls } from './observe/op-trace.js';
import { Replicator, replicationRetry } from './replication/engine.js';
import { kmsKeyFrom, loadMasterKey } from './s3/kms.js';
import { startNotifier } from './s3/notify.js';
import { openObject } from './s3/object-io.js';
import { type StartSettings, startSettings } from './start-settings.js';
import { LoginThrottle } from './sts/login-throttle.js';
import { TierStore } from './tiers/tiers.js';

export interface StoreOptions {
  /** Drive directories, in set order; created when missing. */
  drives: string[];
  /** Parity shards per object, 0 to drives/2; default half the drives (up to 4), 0 for one drive. */
  parity?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  rootCredentials: RootCredentials;
  /**
   * The region requests must name (signatures, CreateBucket's constraint). Without it any
   * region is accepted, as MinIO accepts any when none is set; the store then reports the
   * configured site region, or none.
   */
  region?: string;
  /**
   * Where every entry of the store's log goes too, as it is made (the CLI prints them). The
   * admin API's console-log stream keeps the last LOG_HISTORY of them regardless.
   */
  log?: (entry: LogEntry) => void;
  /** Called once the admin API stopped the store (service stop). */
  onStop?: () => void;
  /**
   * How long a connection may go quiet while a request body arrives or an answer goes out
   * before it is cut (a stalled upload gets RequestTimeout); default 30 s.
   */
  idleTimeoutMs?: number;
  /** When the second sweep of crash leftovers runs, after the first (default a minute). */
  resweepAfterMs?: number;
  /**
   * How external identities are revalidated and STS logins throttled; each setting left out
   * comes from its STOWAGE_* environment variable (see iam/identity-settings.ts).
   */
  identity?: IdentityOptions;
  /**
   * Addresses and CIDR ranges of proxies whose X-Forwarded-For names the client (a console in
   * front, a load balancer): failed logins are counted, aws:SourceIp read and the audit log's
   * client taken from it. None by default.
   */
  trustedProxies?: readonly string[];
  /**
   * A secret the store's own console sends (X-Stowage-Relay) with the browser's address: its
   * X-Forwarded-For is believed whatever address it connects from. `stowage start` makes one
   * per run; unset, only `trustedProxies` are believed.
   */
  relayToken?: string;
  /**
   * A static KMS key for SSE-KMS, as MinIO's MINIO_KMS_SECRET_KEY: `<key-name>:<base64 of 32
   * bytes>`; default STOWAGE_KMS_SECRET_KEY from the environment. Without one SSE-KMS is
   * NotImplemented, as in MinIO without a KMS.
   */
  kmsSecretKey?: string;
  /**
   * The environment MinIO's configuration variables (MINIO_<SUBSYS>_<KEY>, as the MinIO
   * operator sets them from a tenant's config.env) are read from, once, at start; default
   * process.env. A value set there wins over the stored one.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * The clock lifecycle rules are judged by (an expiry due in 30 days is tested by moving it);
   * default the system's.
   */
  clock?: () => Date;
}

export interface StoreHandle {
  url: string;
  port: number;
  /**
   * Checks every LDAP (and Keycloak) user behind live credentials against its directory now,
   * as the periodic check does (STOWAGE_IDENTITY_REVALIDATE_INTERVAL).
   */
  revalidateIdentities(): Promise<void>;
  /** Runs one scanner cycle now (lifecycle expiry and the other visitors), as the background cycles do. */
  runScannerCycle(): Promise<void>;
  /** Lifecycle transitions: what the scanner calls for a version a rule moves or a restore ends. */
  transitions: TransitionCalls;
  close(): Promise<void>;
}

export type TransitionCalls = Pick<Transitions, 'transitionVersion' | 'expireRestored'>;

/**
 * What outlives a restart through the admin API: identity settings, login throttling, and who
 * the store believes a client's address from.
 */
interface IdentityState {
  settings: IdentitySettings;
  throttle: LoginThrottle;
  trustedProxies: TrustedProxies;
}

interface Running {
  port: number;
  url: string;
  revalidateIdentities(): Promise<void>;
  runScannerCycle(): Promise<void>;
  transitions: Transitions;
  /** Graceful: stop accepting, let requests in flight finish (up to GRACE_MS). */
  close(graceful?: boolean): Promise<void>;
}

const GRACE_MS = 2000;
const SWEEP_INTERVAL_MS = 10 * 60_000;
const RESWEEP_AFTER_MS = 60_000;
/** Log entries the console-log stream can replay (MinIO keeps as many). */
const LOG_HISTORY = 1000;

/** Opens the drives and everything kept on them, and listens; `port` 0 picks one. */
async function boot(
  opts: StoreOptions,
  settings: StartSettings,
  port: number,
  logs: Bus<LogEntry>,
  log: Logger,
  service: (action: ServiceAction) => void,
  identity: IdentityState,
): Promise<Running> {
  // Each set must find read quorum of its drives formatted; a bad parity for the sets' size
  // is refused before any drive is formatted.
  const set = await initDrives(opts.drives, {
    formattedQuorum: (setDrives) => {
      try {
        return erasureParams(setDrives, opts.parity).readQuorum;
      } catch (err) {
        if (setDrives === opts.drives.length) throw err;
        throw new Error(
          `${(err as Error).message}: the ${opts.drives.length} drives form erasure sets of ${setDrives}`,
        );
      }
    },
  });
  const storageTrace = new OpTracer('storage');
  // The layer's collaborators that need what is built after it (the configuration, the HTTP
  // server, the tier journal) call through these, set once those exist; until then a heal
  // does not pause and removed versions have no tier copies to hand on.
  let paceHeals = (): Promise<void> => Promise.resolve();
  let versionsRemoved = (_versions: ObjectInfo[]): void => {};
  const layer = await ErasureSets.open(set, {
    trace: storageTrace,
    healPacer: () => paceHeals(),
    onVersionsRemoved: (_bucket, _key, versions) => versionsRemoved(versions),
    ...(opts.parity === undefined ? {} : { parity: opts.parity }),
    // Objects a read found damaged are healed in the background, a second later.
    autoHealMs: 1000,
    ...healQueueDelay(process.env),
    log,
  });
  // Drives formatted by this start get every object back, in the background; then the shards
  // of writes a crash cut short go.
  const sweepLeftovers = () =>
    layer
      .sweepUnnamedData()
      .then((n) => {
        if (n > 0) log.info(`removed ${n} data folder(s) of writes that never committed`);
      })
      .catch((err: unknown) => log.error(`sweeping unnamed data failed: ${String(err)}`, { err }));
  // The sweep keeps folders written within a margin of its start (they may be writes under
  // way): a crash just before this start left some, which a second sweep a little later takes.
  let resweep: NodeJS.Timeout | undefined;
  let stopped = false;
  void layer
    .recoverFreshDrives()
    .catch((err: unknown) => log.error(`healing fresh drives failed: ${String(err)}`, { err }))
    .then(sweepLeftovers)
    .then(() => {
      if (stopped) return;
      resweep = setTimeout(() => void sweepLeftovers(), opts.resweepAfterMs ?? RESWEEP_AFTER_MS);
      resweep.unref();
    });
  const credentials = await CredentialStore.open(layer.system, opts.rootCredentials);
  // Expired credentials and service accounts go every ten minutes, as MinIO's IAM refresh does.
  const sweeper = setInterval(() => {
    credentials
      .sweep()
      .catch((err: unknown) => log.error(`removing expired credentials failed: ${String(err)}`, { err }));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  const masterKey = await loadMasterKey(layer.system, {
    hasData: (await layer.listBuckets()).length > 0,
    log,
  });
  const kms = kmsKeyFrom(opts.kmsSecretKey ?? process.env.STOWAGE_KMS_SECRET_KEY);
  const backend = layer.backendInfo();
  const config = await ServerConfigStore.open(
    layer.system,
    (c) => {
      storageClassParity(c, backend.setDrives, backend.parityShards);
    },
    configEnvFrom(opts.env ?? process.env),
  );
  // The site region is read at start, as MinIO reads it (setting it asks for a restart). It
  // names the store's location; requests must name it only when the store is started with
  // one: a label set from the console must not lock the console (and every client signing
  // for us-east-1) out at the next restart.
  // Identity providers are read at start (changing them needs a restart, as in MinIO).
  const ldap = ldapConfigFrom(config.config);
  const openIdConfig = openIdConfigFrom(config.config);
  const openid = openIdConfig && new OpenIdVerifier(openIdConfig);
  const directories = [
    ...(ldap ? [ldapDirectory(ldap)] : []),
    ...(openid?.cfg.keycloak ? [keycloakDirectory(new KeycloakUsers(openid, openid.cfg.keycloak))] : []),
  ];
  const externalChecks = new ExternalUserChecks(
    credentials,
    directories,
    { checkCacheMs: identity.settings.checkCacheMs, now: identity.settings.now },
    log,
  );
  credentials.useChecker((who) => externalChecks.vouch(who));
  // One pass at a time, the next timed from the end of the last: a slow directory never has
  // passes pile up. Closing waits for the pass under way (externalChecks.close()).
  let revalidation: NodeJS.Timeout | undefined;
  const scheduleRevalidation = () => {
    revalidation = setTimeout(() => {
      void externalChecks
        .revalidate()
        .catch((err: unknown) => log.error(`identity: revalidation failed: ${String(err)}`, { err }))
        .finally(() => {
          if (!stopped) scheduleRevalidation();
        });
    }, identity.settings.revalidateIntervalMs);
    revalidation.unref();
  };
  scheduleRevalidation();
  const region = opts.region ?? configuredRegion(config.config);
  const signingRegion = opts.region;
  const logTargets = new LogTargets(log, settings.outbound);
  logTargets.apply(config.config);
  const notifyTargets = new NotificationTargets(log, settings.outbound);
  notifyTargets.apply(config.config);
  const staleUploads = new StaleUploadCleanup((before) => layer.abortStaleUploads(before), log);
  staleUploads.apply(config.config);
  const bitrotScan = new BitrotScan(
    {
      objects: () => everyKey(layer),
      heal: async (bucket, key) => {
        await layer.healPacer();
        return (await layer.heal(bucket, key, { deep: true })).healed;
      },
      indexes: () => layer.checkIndexes(),
    },
    log,
  );
  bitrotScan.apply(config.config);
  const stopApplying = config.onChange((c) => {
    logTargets.apply(c);
    notifyTargets.apply(c);
    staleUploads.apply(c);
    bitrotScan.apply(c);
    scanner.apply(scannerPolicy(c, settings.scannerCycleMs));
    transitionMoves.queue.setWorkers(transitionWorkers(c));
  });
  const events = new Bus<BucketEvent, EventProbe>();
  const bucketConfigs = new BucketConfigStore(layer.system);
  const replicator = new Replicator({
    layer,
    system: layer.system,
    configs: bucketConfigs,
    events,
    read: async (bucket, key, versionId) => {
      const opened = await openObject({ layer, masterKey, kms }, bucket, key, {
        versionId,
        sseKey: { kind: 'none' },
      });
      // Small objects arrive in memory; the rest streams (never whole in memory).
      const stream = opened.bytes ? Readable.from([opened.bytes]) : opened.stream;
      if (opened.bytes) opened.stream.destroy();
      return { info: opened.info, stream };
    },
    outbound: settings.outbound,
    log,
    ...replicationRetry(process.env),
  });
  const stopNotifier = startNotifier({
    events,
    configs: bucketConfigs,
    targets: notifyTargets,
    region,
    deploymentId: set.deploymentId,
    log,
  });
  // The node as log entries name it: host:port, known once listening.
  let node = '';
  const stopForwarding = logs.subscribe((e) => {
    if (logTargets.active('logger')) logTargets.send('logger', logInfo(e, node, set.deploymentId));
  });
  const stopTargets = () => {
    clearInterval(sweeper);
    clearTimeout(revalidation);
    stopped = true;
    clearTimeout(resweep);
    stopApplying();
    stopForwarding();
    stopNotifier();
    logTargets.close();
    notifyTargets.close();
  };
  // Per-tier figures the scanner keeps; the last run's answer until this run's first cycle ends.
  const tierUsage = new TierUsage(layer.system, log);
  await tierUsage.load();
  const transitions = new Transitions({
    layer,
    tiers: () => new TierStore(layer.system).list(),
    outbound: settings.outbound,
    deploymentId: set.deploymentId,
    log,
    events,
    onTransitioned: (tier, info) => tierUsage.transitioned(tier, info),
  });
  // Tier copies of versions removed here are written down, then deleted by a worker that
  // retries while a tier is down; the copies a previous run left go once the store serves.
  const tierJournal = new TierJournal({
    system: layer.system,
    remove: (tier, object) => transitions.removeFromTier(tier, object),
    log,
  });
  const tierCopiesRemoved = async (versions: ObjectInfo[]): Promise<void> => {
    for (const v of versions) tierUsage.removed(v);
    await tierJournal
      .add(versions)
      .catch((err: unknown) =>
        log.error(`tier journal: writing down removed copies failed: ${String(err)}`, { err }),
      );
  };
  versionsRemoved = (versions) => void tierCopiesRemoved(versions);
  const app = createApp({
    layer: withTierCopiesOfRemovedBuckets(readThrough(layer, transitions), tierCopiesRemoved),
    system: layer.system,
    masterKey,
    kms,
    credentials,
    config,
    logs,
    region,
    ...(signingRegion ? { signingRegion } : {}),
    deploymentId: set.deploymentId,
    log,
    service,
    logTargets,
    notifyTargets,
    events,
    opTraces: [storageTrace, osCalls],
    trustedProxies: identity.trustedProxies,
    sts: {
      throttle: identity.throttle,
      maxExternalDurationSeconds: identity.settings.stsMaxDurationSeconds,
      ...(ldap ? { ldap } : {}),
      ...(openid ? { openid } : {}),
    },
    cspSandbox: settings.cspSandbox,
    outbound: settings.outbound,
    metricsAuth: settings.metricsAuth,
    backgroundMetrics: () => scanner.metrics(),
    restore: (bucket, key, versionId, days) => transitions.restore(bucket, key, versionId, days),
    replication: replicator,
    tierStats: () => tierUsage.stats(),
  });
  // Background heals give way to clients (heal max_io, max_sleep), read live.
  const requestsInFlight = () => app.metrics?.queue?.inFlight ?? 0;
  paceHeals = () => waitForLowIO(healPace(config.config), requestsInFlight);
  // One background walk over every version, in cycles; engines act on what it meets.
  // Clients come first: the scanner waits while requests are being served.
  const scannerNow = opts.clock ?? (() => new Date());
  const transitionMoves = new LifecycleTransition({
    transitions,
    system: layer.system,
    tiers: () => new TierStore(layer.system).list(),
    log,
    now: scannerNow,
  });
  transitionMoves.queue.setWorkers(transitionWorkers(config.config));
  const scanner = new Scanner(layer, log, { inFlight: requestsInFlight })
    // First: a version expired or moved by the visitors after it is counted as it was, then changed.
    .use(tierUsage)
    .use(new LifecycleExpiry({ layer, system: layer.system, events, log, now: scannerNow }))
    // After expiry: a version expired this cycle is not moved to a tier first.
    .use(transitionMoves)
    // A version left PENDING or FAILED without a queued job (a crash after its write) is queued again.
    .use({ name: 'replication', visit: (entry) => replicator.revisit(entry.bucket, entry.info) });
  scanner.apply(scannerPolicy(config.config, settings.scannerCycleMs));
  const server = createHttpServer(
    app,
    opts.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: opts.idleTimeoutMs },
  );
  const host = opts.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    stopTargets();
    await externalChecks.close();
    await staleUploads.stop();
    await bitrotScan.stop();
    await scanner.stop();
    transitionMoves.queue.stop();
    await replicator.close();
    await tierJournal.close();
    await layer.shutdown();
    throw err;
  }
  // Jobs a previous run left go once the store serves (a two-way peer may be this store).
  void replicator
    .start()
    .catch((err: unknown) => log.error(`replication: resuming queued jobs failed: ${String(err)}`, { err }));
  void tierJournal
    .start()
    .catch((err: unknown) => log.error(`tier journal: resuming its deletes failed: ${String(err)}`, { err }));
  const bound = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  node = url.slice('http://'.length);
  const { data, parity } = layer.params;
  const { sets } = layer.backendInfo();
  log.info(
    `store listening on ${url} (${set.drives.length} drive(s)${sets > 1 ? ` in ${sets} erasure sets` : ''}, EC ${data}+${parity}, deployment ${set.deploymentId})`,
  );
  return {
    port: bound,
    url,
    revalidateIdentities: () => externalChecks.revalidate(),
    // A cycle here also waits for the transitions it queued.
    runScannerCycle: async () => {
      await scanner.runCycle();
      await transitionMoves.queue.idle();
    },
    transitions,
    async close(graceful = false) {
      await new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        if (!graceful) server.closeAllConnections();
        else {
          // Requests in flight finish; streams (which never do) are cut after a while.
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), GRACE_MS).unref();
        }
      });
      stopTargets();
      await externalChecks.close();
      await staleUploads.stop();
      await bitrotScan.stop();
      await scanner.stop();
      transitionMoves.queue.stop();
      await replicator.close();
      await tierJournal.close();
      await layer.shutdown();
    },
  };
}

/**
 * Opens the drives and serves S3, STS and the admin API until close(). The admin API's
 * service call restarts it in place (same port, everything reloaded from the drives) or
 * stops it (then `onStop` runs).
 */
export async function startStore(opts: StoreOptions): Promise<StoreHandle> {
  // Every entry also feeds the admin API's console-log stream, which keeps the last ones.
  const logs = new Bus<LogEntry>(LOG_HISTORY);
  const log = createLogger((entry) => {
    opts.log?.(entry);
    logs.publish(entry);
  });
  // Checked before touching the drives: a bad parity or setting must not format anything.
  erasureParams(opts.drives.length, opts.parity);
  const settings = startSettings();
  const identitySet = identitySettings(process.env, opts.identity);
  const identity: IdentityState = {
    settings: identitySet,
    throttle: new LoginThrottle(identitySet.throttle, log, identitySet.now),
    trustedProxies: new TrustedProxies(opts.trustedProxies, opts.relayToken),
  };
  let transition: Promise<void> = Promise.resolve();
  let stopped = false;
  const service = (action: ServiceAction) => {
    transition = transition.then(async () => {
      if (stopped) return;
      log.info(`service ${action} requested`);
      await running.close(true);
      if (action === 'stop') {
        stopped = true;
        opts.onStop?.();
        return;
      }
      running = await boot(opts, settings, running.port, logs, log, service, identity);
    });
    transition.catch((err: unknown) => log.error(`service ${action} failed: ${String(err)}`, { err }));
  };
  let running = await boot(opts, settings, opts.port ?? 0, logs, log, service, identity);
  return {
    url: running.url,
    port: running.port,
    revalidateIdentities: () => running.revalidateIdentities(),
    runScannerCycle: () => running.runScannerCycle(),
    transitions: {
      transitionVersion: (...args) => running.transitions.transitionVersion(...args),
      expireRestored: (...args) => running.transitions.expireRestored(...args),
    },
    async close() {
      await transition.catch(() => {});
      if (stopped) return;
      stopped = true;
      await running.close();
    },
  };
}
