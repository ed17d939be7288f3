import { HEAL_DEFAULTS } from '@stowage/madmin';
import { configuredRegion } from '../config/notify-arns.js';
import type { ServerConfigStore } from '../config/store.js';
import type { MaintenanceLayer, ObjectLayer } from '../engine/object-layer.js';
import type { SystemStore } from '../engine/system-store.js';
import { header, noteSigner, noteSubject, type RequestContext } from '../http/context.js';
import type { FreezeGate } from '../http/freeze-gate.js';
import type { Protocol } from '../http/server.js';
import type { CredentialStore } from '../iam/credentials.js';
import { ldapConfigFrom } from '../iam/ldap.js';
import type { TierStats } from '../ilm/transition/tier-stats.js';
import type { OutboundPolicy } from '../net/outbound.js';
import type { Bus, HttpTrace, Subscribable } from '../observe/bus.js';
import type { LogTargets } from '../observe/log-targets.js';
import type { LogEntry } from '../observe/logger.js';
import type { NotificationTargets } from '../observe/notify-targets.js';
import type { OpTrace, OpTracer } from '../observe/op-trace.js';
import { eventStream, streamReply } from '../observe/stream.js';
import type { SignerGuard } from '../s3/auth/common.js';
import { verifyHeaderAuth } from '../s3/auth/signature-v4.js';
import { ApiError } from '../wire/errors.js';
import { emptyReply, jsonReply, type Reply } from '../wire/reply.js';
import { type AdminCall, adminCall, jsonObject } from './call.js';
import { accountInfo } from './handlers/account.js';
import { backgroundHealStatus } from './handlers/background-heal.js';
import {
  clearConfigHistoryReply,
  delConfigKVReply,
  getConfigKVReply,
  getConfigReply,
  helpConfigKVReply,
  listConfigHistoryReply,
  restoreConfigHistoryReply,
  setConfigKVReply,
  setConfigReply,
} from './handlers/config.js';
import { healthInfoReply } from './handlers/health-info.js';
import {
  deleteIdpConfigReply,
  getIdpConfigReply,
  listIdpConfigReply,
  setIdpConfigReply,
} from './handlers/idp-config.js';
import {
  addPolicyReply,
  attachPolicyReply,
  listPoliciesReply,
  policyEntitiesReply,
  policyInfoReply,
  removePolicyReply,
  setPolicyReply,
} from './handlers/policies.js';
import { getBucketQuota, setBucketQuota } from './handlers/quota.js';
import {
  listRemoteTargetsReply,
  removeRemoteTargetReply,
  setRemoteTargetReply,
} from './handlers/remote-targets.js';
import { dataUsageInfo, serverInfo, storageInfo } from './handlers/server-info.js';
import {
  addServiceAccountReply,
  deleteServiceAccountReply,
  infoServiceAccountReply,
  listServiceAccountsReply,
  updateServiceAccountReply,
} from './handlers/service-accounts.js';
import {
  addTierReply,
  editTierReply,
  listTiersReply,
  removeTierReply,
  tierStatsReply,
  verifyTierReply,
} from './handlers/tiers.js';
import {
  addUserReply,
  groupInfoReply,
  listGroupsReply,
  listUsersReply,
  removeUserReply,
  setGroupStatusReply,
  setUserStatusReply,
  temporaryAccountInfoReply,
  updateGroupMembersReply,
  userInfoReply,
} from './handlers/users.js';
import { type HealOpts, HealSequences } from './heal.js';
import { type MetricsDeps, metricsReply } from './metrics.js';
import { authorizeMetrics } from './metrics-auth.js';
import { type AdminOperation, parseAdminRequest, type ServiceAction } from './router.js';
import { logInfo, logTypeFilter, parseGoDuration, traceInfo } from './streams.js';

const MAX_QUOTA_BODY = 4096;

export interface AdminDeps {
  layer: ObjectLayer & MaintenanceLayer;
  system: SystemStore;
  credentials: CredentialStore;
  /** Counts failed signatures per client address and holds back guessers (SlowDown). */
  signers: SignerGuard;
  deploymentId: string;
  region: string;
  config: ServerConfigStore;
  heal: HealSequences;
  /** Finished requests, for the trace stream. */
  trace: Bus<HttpTrace>;
  /** Drive and file-system calls, for the trace stream's storage and os kinds. */
  opTraces: readonly OpTracer[];
  /** The server's log, for the console-log stream. */
  logs: Bus<LogEntry>;
  /** Restarts or stops the server (after the answer has gone). */
  service: (action: ServiceAction) => void;
  /** The logger and audit webhook targets, for their status. */
  logTargets: LogTargets;
  /** Holds S3 calls while the service is frozen. */
  freeze: FreezeGate;
  /** The notify_* targets, for their status. */
  notifyTargets: NotificationTargets;
  /** When this server started (ms), for its uptime. */
  startedAt: number;
  /** Where targets, remotes and tiers may connect (STOWAGE_OUTBOUND_ALLOW). */
  outbound: OutboundPolicy;
  /** What each remote tier holds, as the scanner last counted it. */
  tierStats: () => ReadonlyMap<string, TierStats>;
}

/** Admin JSON error (madmin-protocol.md §1.6); HostId is the deployment id. */
export function adminErrorReply(err: ApiError, ctx: RequestContext, deploymentId: string): Reply {
  const reply = jsonReply(
    {
      Code: err.code,
      Message: err.message,
      Resource: ctx.path ?? ctx.rawPath,
      RequestId: ctx.requestId,
      HostId: deploymentId,
    },
    err.status,
  );
  // SlowDown's Retry-After.
  return err.context.headers ? { ...reply, headers: err.context.headers } : reply;
}

function authenticate(ctx: RequestContext, deps: Pick<AdminDeps, 'credentials' | 'signers'>) {
  // Admin calls must be header-signed and carry x-amz-content-sha256 (§1.4); any region.
  if (
    header(ctx.headers, 'authorization') === undefined ||
    header(ctx.headers, 'x-amz-content-sha256') === undefined
  ) {
    throw new ApiError('AccessDenied');
  }
  const lookup = (accessKey: string) => deps.credentials.lookup(accessKey);
  return verifyHeaderAuth(ctx, {
    service: 's3',
    lookup,
    now: new Date(),
    client: ctx.client,
    guard: deps.signers,
  });
}

async function dispatch(
  op: AdminOperation,
  call: AdminCall,
  deps: AdminDeps,
  ctx: RequestContext,
): Promise<Reply> {
  switch (op.op) {
    case 'AccountInfo':
      return jsonReply(await accountInfo(deps.layer, deps.system, call, ctx.host, deps.config.config));
    case 'ServerInfo':
      call.require('admin:ServerInfo');
      return jsonReply(await serverInfo(deps, ctx.host));
    case 'StorageInfo':
      call.require('admin:StorageInfo');
      return jsonReply(await storageInfo(deps.layer, ctx.host, deps.config.config));
    case 'DataUsageInfo':
      call.require('admin:DataUsageInfo');
      return jsonReply(await dataUsageInfo(deps.layer));
    case 'SetIdpConfig':
      return setIdpConfigReply(call, deps.config, ctx, op.type, op.name, op.update);
    case 'GetIdpConfig':
      return getIdpConfigReply(call, deps.config, op.type, op.name);
    case 'ListIdpConfig':
      return listIdpConfigReply(call, deps.config, op.type);
    case 'DeleteIdpConfig':
      return deleteIdpConfigReply(call, deps.config, op.type, op.name);
    case 'HealthInfo':
      call.require('admin:OBDInfo');
      return healthInfoReply(deps, ctx.host, new Set(op.types), op.deadlineMs);
    case 'AddTier':
      return addTierReply(call, deps);
    case 'ListTiers':
      return listTiersReply(call, deps);
    case 'TierStats':
      return tierStatsReply(call, deps);
    case 'EditTier':
      return editTierReply(call, deps, op.name);
    case 'RemoveTier':
      return removeTierReply(call, deps, op.name);
    case 'VerifyTier':
      return verifyTierReply(call, deps, op.name);
    case 'SetRemoteTarget':
      // ARNs carry the configured region, empty when none is (as MinIO's do).
      return setRemoteTargetReply(
        call,
        { ...deps, region: configuredRegion(deps.config.config) },
        op.bucket,
        op.update,
        ctx.host,
      );
    case 'ListRemoteTargets':
      return listRemoteTargetsReply(call, deps, op.bucket, op.type);
    case 'RemoveRemoteTarget':
      return removeRemoteTargetReply(call, deps, op.bucket, op.arn);
    case 'Service': {
      const action = op.action;
      if (action === 'freeze' || action === 'unfreeze') {
        call.require('admin:ServiceFreeze');
        if (action === 'freeze') deps.freeze.freeze();
        else deps.freeze.unfreeze();
        return emptyReply(200);
      }
      if (action !== 'restart' && action !== 'stop')
        throw new ApiError('MalformedPOSTRequest', `Unknown service action '${action}'`);
      call.require(action === 'restart' ? 'admin:ServiceRestart' : 'admin:ServiceStop');
      // The server stops taking requests now and finishes those in flight, this answer
      // included, before it restarts or stops.
      setImmediate(() => deps.service(action));
      return emptyReply(200, { Connection: 'close' });
    }
    case 'Trace': {
      call.require('admin:ServerTrace');
      const filter = { ...op, thresholdNs: op.threshold ? parseGoDuration(op.threshold) : 0 };
      // Only the kinds asked for are subscribed to: the others cost nothing meanwhile.
      const sources: Subscribable<HttpTrace | OpTrace>[] = [
        ...(op.http ? [deps.trace] : []),
        ...deps.opTraces.filter((t) => op[t.kind]).map((t) => t.bus),
      ];
      return streamReply(eventStream(sources, (t) => traceInfo(t, filter, ctx.host)));
    }
    case 'ConsoleLog': {
      call.require('admin:ConsoleLog');
      const limit = op.limit === '' ? 10 : Number(op.limit);
      if (!Number.isSafeInteger(limit) || limit < 0)
        throw new ApiError('InvalidArgument', 'limit must be a whole number');
      const wanted = logTypeFilter(op.logType);
      const render = (e: LogEntry) => (wanted(e) ? logInfo(e, ctx.host, deps.deploymentId) : undefined);
      return streamReply(eventStream(deps.logs, render, deps.logs.history(limit, wanted)), {
        Connection: 'close',
      });
    }
    case 'BackgroundHealStatus':
      call.require('admin:Heal');
      return jsonReply(await backgroundHealStatus(deps.layer, ctx.host));
    case 'Heal':
      call.require('admin:Heal');
      return healReply(call, deps.heal, op, ctx);
    case 'GetConfigKV':
      return getConfigKVReply(call, deps.config, op.key);
    case 'SetConfigKV':
      return setConfigKVReply(call, deps.config, deps.outbound);
    case 'DelConfigKV':
      return delConfigKVReply(call, deps.config);
    case 'HelpConfigKV':
      return helpConfigKVReply(call, op.subSys, op.key, op.env);
    case 'GetConfig':
      return getConfigReply(call, deps.config);
    case 'SetConfig':
      return setConfigReply(call, deps.config, deps.outbound);
    case 'ListConfigHistory':
      return listConfigHistoryReply(call, deps.config, op.count);
    case 'RestoreConfigHistory':
      return restoreConfigHistoryReply(call, deps.config, op.restoreId, deps.outbound);
    case 'ClearConfigHistory':
      return clearConfigHistoryReply(call, deps.config, op.restoreId);
    case 'GetBucketQuota':
      call.require('admin:GetBucketQuota');
      return getBucketQuota(deps.layer, deps.system, op.bucket);
    case 'SetBucketQuota':
      call.require('admin:SetBucketQuota');
      return setBucketQuota(deps.layer, deps.system, op.bucket, await call.body(MAX_QUOTA_BODY));
    case 'ListUsers':
      return listUsersReply(call);
    case 'UserInfo':
      return userInfoReply(call, op.accessKey);
    case 'TemporaryAccountInfo':
      return temporaryAccountInfoReply(call, op.accessKey);
    case 'AddUser':
      return addUserReply(call, op.accessKey);
    case 'SetUserStatus':
      return setUserStatusReply(call, op.accessKey, op.status);
    case 'RemoveUser':
      return removeUserReply(call, op.accessKey);
    case 'UpdateGroupMembers':
      return updateGroupMembersReply(call);
    case 'GroupInfo':
      return groupInfoReply(call, op.group);
    case 'ListGroups':
      return listGroupsReply(call);
    case 'SetGroupStatus':
      return setGroupStatusReply(call, op.group, op.status);
    case 'ListPolicies':
      return listPoliciesReply(call);
    case 'PolicyInfo':
      return policyInfoReply(call, op.name, op.v2);
    case 'AddPolicy':
      return addPolicyReply(call, op.name);
    case 'RemovePolicy':
      return removePolicyReply(call, op.name);
    case 'SetPolicy':
      return setPolicyReply(
        call,
        op.policies,
        op.entity,
        op.isGroup,
        ldapConfigFrom(deps.config.config) !== undefined,
      );
    case 'AttachPolicy':
    case 'DetachPolicy':
      return attachPolicyReply(
        call,
        op.op === 'DetachPolicy',
        ldapConfigFrom(deps.config.config) !== undefined,
      );
    case 'PolicyEntities':
      return policyEntitiesReply(call, op);
    case 'AddServiceAccount':
      return addServiceAccountReply(call);
    case 'UpdateServiceAccount':
      return updateServiceAccountReply(call, op.accessKey);
    case 'ListServiceAccounts':
      return listServiceAccountsReply(call, op.user);
    case 'InfoServiceAccount':
      return infoServiceAccountReply(call, op.accessKey);
    case 'DeleteServiceAccount':
      return deleteServiceAccountReply(call, op.accessKey);
  }
}

/** Start, stop or poll a heal sequence (madmin-protocol.md §3.8). */
async function healReply(
  call: AdminCall,
  heal: HealSequences,
  op: Extract<AdminOperation, { op: 'Heal' }>,
  ctx: RequestContext,
): Promise<Reply> {
  if (op.clientToken !== undefined) {
    if (op.forceStart || op.forceStop)
      throw new ApiError('InvalidRequest', 'clientToken cannot be combined with forceStart or forceStop');
    return jsonReply(heal.status(op.bucket, op.prefix, op.clientToken));
  }
  const body = await call.body(64 * 1024);
  const given = body.length === 0 ? {} : jsonObject(body);
  const settings: HealOpts = { ...HEAL_DEFAULTS };
  for (const key of Object.keys(HEAL_DEFAULTS) as (keyof HealOpts)[]) {
    const v = given[key];
    if (v === undefined) continue;
    if (typeof v !== typeof HEAL_DEFAULTS[key])
      throw new ApiError('XMinioAdminConfigBadJSON', `"${key}" has the wrong type`);
    (settings as unknown as Record<string, unknown>)[key] = v;
  }
  return jsonReply(heal.start(op.bucket, op.prefix, settings, op, ctx.client));
}

export function adminProtocol(deps: Omit<AdminDeps, 'heal'>): Protocol {
  const full: AdminDeps = { ...deps, heal: new HealSequences(deps.layer) };
  return {
    async handle(ctx) {
      const op = ctx.path === undefined ? undefined : parseAdminRequest(ctx.method, ctx.path, ctx.query);
      if (!op) throw new ApiError('XMinioAdminVersionMismatch');
      ctx.api = `admin.${op.op}`;
      noteSubject(ctx, 'bucket' in op ? op.bucket : undefined);
      const auth = authenticate(ctx, deps);
      auth.identity = await deps.credentials.vouch(auth.identity);
      noteSigner(ctx, auth.identity);
      return dispatch(op, adminCall(ctx, auth, deps.credentials), full, ctx);
    },
    errorReply: (err, ctx) => adminErrorReply(err, ctx, deps.deploymentId),
  };
}

const METRICS_PATHS: Record<string, 'cluster' | 'node'> = {
  '/minio/v2/metrics/cluster': 'cluster',
  '/minio/v2/metrics/node': 'node',
  '/minio/prometheus/metrics': 'cluster',
};

/**
 * /minio/health/*: anonymous liveness probes; /minio/v2/metrics/*: Prometheus metrics;
 * /minio/kms/*: no KMS configured (§3.9).
 */
export function minioMiscProtocol(deploymentId: string, metrics: MetricsDeps): Protocol {
  return {
    async handle(ctx) {
      if (ctx.rawPath.startsWith('/minio/health/') && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
        return { status: 200 };
      }
      const scope = ctx.method === 'GET' ? METRICS_PATHS[ctx.rawPath] : undefined;
      if (scope) {
        ctx.api = `metrics.${scope}`;
        authorizeMetrics(ctx, metrics);
        return metricsReply(metrics, ctx, scope);
      }
      if (ctx.rawPath.startsWith('/minio/kms/'))
        throw new ApiError('NotImplemented', 'KMS is not configured');
      throw new ApiError('XMinioAdminVersionMismatch');
    },
    errorReply: (err, ctx) => adminErrorReply(err, ctx, deploymentId),
  };
}
