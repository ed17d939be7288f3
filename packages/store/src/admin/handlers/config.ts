import { configHelp } from '../../config/help.js';
import {
  applyLines,
  ConfigError,
  DEFAULT_TARGET,
  deleteKeys,
  effective,
  exportAll,
  getKV,
  isEnabled,
  type KvLine,
  parseText,
  type ServerConfig,
} from '../../config/kv.js';
import { outboundAddresses, probe, probeTarget } from '../../config/notify-probe.js';
import type { ServerConfigStore } from '../../config/store.js';
import type { Subsystem } from '../../config/subsystems.js';
import { urlAddress } from '../../net/address.js';
import { type OutboundPolicy, OutboundRefused } from '../../net/outbound.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply } from '../../wire/reply.js';
import type { AdminCall } from '../call.js';

// Server configuration through the admin API (madmin-protocol.md §3.6, §6): KV text in
// and out, encrypted; restart-required unless every subsystem touched is dynamic.

const ACTION = 'admin:ConfigUpdate';

/** Configuration errors in the admin catalogue. */
export async function configured<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    throw new ApiError(
      err.kind === 'notFound' ? 'XMinioConfigNotFoundError' : 'XMinioConfigError',
      err.message,
    );
  }
}

/** Where an enabled target of a change connects: notify_* targets, audit and logger webhooks. */
function targetAddresses(sub: Subsystem, values: Record<string, string>): { host: string; port: number }[] {
  if (sub.name.startsWith('notify_')) return outboundAddresses(sub.name.slice('notify_'.length), values);
  if (sub.name === 'audit_webhook' || sub.name === 'logger_webhook') {
    const at = values.endpoint ? urlAddress(values.endpoint) : undefined;
    return at ? [at] : [];
  }
  return [];
}

/**
 * Every target a change enables must connect only where STOWAGE_OUTBOUND_ALLOW allows
 * (queue_dir or not): refused with 400 XMinioConfigError naming the target, the address
 * and the setting, nothing stored.
 */
async function checkOutbound(
  outbound: OutboundPolicy,
  next: ServerConfig,
  lines: readonly KvLine[],
): Promise<void> {
  if (!outbound.restricted) return;
  for (const { sub, target } of lines) {
    const values = effective(next, sub, target);
    if (!isEnabled(sub, values)) continue;
    for (const { host, port } of targetAddresses(sub, values))
      await outbound.check(host, port).catch((err: unknown) => {
        if (!(err instanceof OutboundRefused)) throw err;
        const name = target === DEFAULT_TARGET ? sub.name : `${sub.name}:${target}`;
        throw new ApiError('XMinioConfigError', `${name}: ${err.message}`);
      });
  }
}

/**
 * MinIO connects to every notification target a change enables and refuses the change
 * (400 XMinioAdminConfigBadJSON, nothing stored) when one cannot be reached, unless its
 * events would wait in a queue_dir.
 */
async function reachNotifyTargets(
  outbound: OutboundPolicy,
  next: ServerConfig,
  lines: readonly KvLine[],
): Promise<void> {
  await checkOutbound(outbound, next, lines);
  await Promise.all(
    lines.map(async ({ sub, target }) => {
      if (!sub.name.startsWith('notify_')) return;
      const values = effective(next, sub, target);
      if (!isEnabled(sub, values) || values.queue_dir) return;
      const where = probeTarget(sub.name.slice('notify_'.length), values);
      if (!where) return;
      await probe(where, outbound).catch((err: Error) => {
        throw new ApiError('XMinioAdminConfigBadJSON', err.message);
      });
    }),
  );
}

/** 200, with x-minio-config-applied when the change took effect without a restart. */
const applied = (subsystems: readonly Subsystem[]): Reply =>
  emptyReply(200, subsystems.every((s) => s.dynamic) ? { 'x-minio-config-applied': 'true' } : undefined);

export async function getConfigKVReply(
  call: AdminCall,
  store: ServerConfigStore,
  key: string,
): Promise<Reply> {
  call.require(ACTION);
  return call.sealedText(await configured(() => getKV(store.stored, key, store.env)));
}

export async function setConfigKVReply(
  call: AdminCall,
  store: ServerConfigStore,
  outbound: OutboundPolicy,
): Promise<Reply> {
  call.require(ACTION);
  const text = (await call.secretBody()).toString('utf8');
  const touched = await configured(async () => {
    const lines = parseText(text);
    if (lines.length === 0) throw new ConfigError('no configuration was given');
    await reachNotifyTargets(outbound, applyLines(store.stored, lines), lines);
    return store.update((c) => ({ config: applyLines(c, lines), result: lines.map((l) => l.sub) }), text);
  });
  return applied(touched);
}

export async function delConfigKVReply(call: AdminCall, store: ServerConfigStore): Promise<Reply> {
  call.require(ACTION);
  const text = (await call.secretBody()).toString('utf8');
  const sub = await configured(() =>
    store.update((c) => {
      const { config, sub } = deleteKeys(c, text);
      return { config, result: sub };
    }),
  );
  return applied([sub]);
}

export async function helpConfigKVReply(
  call: AdminCall,
  subSys: string,
  key: string,
  env: boolean,
): Promise<Reply> {
  call.require(ACTION);
  const help = await configured(() => configHelp(subSys, key, env));
  // Written by an encoder in MinIO: the JSON ends with a newline.
  return {
    status: 200,
    body: { type: 'bytes', value: Buffer.from(`${JSON.stringify(help)}\n`), contentType: 'application/json' },
  };
}

export async function getConfigReply(call: AdminCall, store: ServerConfigStore): Promise<Reply> {
  call.require(ACTION);
  return call.sealedText(exportAll(store.stored, store.env));
}

/** PUT /config: the whole configuration, replaced. */
export async function setConfigReply(
  call: AdminCall,
  store: ServerConfigStore,
  outbound: OutboundPolicy,
): Promise<Reply> {
  call.require(ACTION);
  const text = (await call.secretBody()).toString('utf8');
  await configured(async () => {
    const lines = parseText(text);
    const next = applyLines({} as ServerConfig, lines);
    await reachNotifyTargets(outbound, next, lines);
    return store.update(() => ({ config: next, result: undefined }), text);
  });
  return emptyReply(200);
}

export async function listConfigHistoryReply(
  call: AdminCall,
  store: ServerConfigStore,
  count: string,
): Promise<Reply> {
  call.require(ACTION);
  if (!/^\d+$/.test(count)) throw new ApiError('InvalidArgument', 'count must be a whole number');
  const history = await store.history();
  const n = Number(count) || 10;
  return call.sealed(history.slice(-n));
}

/** Applies an entry's text again, then forgets the entry. */
export async function restoreConfigHistoryReply(
  call: AdminCall,
  store: ServerConfigStore,
  restoreId: string,
  outbound: OutboundPolicy,
): Promise<Reply> {
  call.require(ACTION);
  await configured(async () => {
    const entry = (await store.history()).find((e) => e.restoreId === restoreId);
    if (!entry) throw new ConfigError(`restore id '${restoreId}' not found`, 'notFound');
    const lines = parseText(entry.data);
    await checkOutbound(outbound, applyLines(store.stored, lines), lines);
    await store.update((c) => ({ config: applyLines(c, lines), result: undefined }));
    await store.dropHistory(restoreId);
  });
  return emptyReply(200);
}

export async function clearConfigHistoryReply(
  call: AdminCall,
  store: ServerConfigStore,
  restoreId: string,
): Promise<Reply> {
  call.require(ACTION);
  await configured(() => store.dropHistory(restoreId));
  return emptyReply(200);
}
