import {
  applyLines,
  ConfigError,
  DEFAULT_TARGET,
  deleteKeys,
  effective,
  isEnabled,
  parseLine,
} from '../../config/kv.js';
import type { ServerConfigStore } from '../../config/store.js';
import { subsystem } from '../../config/subsystems.js';
import { header, type RequestContext } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply } from '../../wire/reply.js';
import type { AdminCall } from '../call.js';
import { configured } from './config.js';

// Identity provider configurations (madmin-protocol.md §3.5): identity_openid and
// identity_ldap seen one provider at a time, on top of the configuration KV. Changing one
// needs a restart, as in MinIO.

const SUBSYS = { openid: 'identity_openid', ldap: 'identity_ldap' } as const;
export type IdpType = keyof typeof SUBSYS;
const ACTION = 'admin:ConfigUpdate';

function target(type: IdpType, name: string): string {
  if (name === '' || name === DEFAULT_TARGET) return DEFAULT_TARGET;
  if (type === 'ldap') throw new ApiError('XMinioConfigError', 'LDAP has a single configuration, named _');
  return name;
}

const keyOf = (type: IdpType, t: string) => (t === DEFAULT_TARGET ? SUBSYS[type] : `${SUBSYS[type]}:${t}`);

/** PUT adds (the provider must be new), POST updates (it must exist). */
export async function setIdpConfigReply(
  call: AdminCall,
  store: ServerConfigStore,
  ctx: RequestContext,
  type: IdpType,
  name: string,
  update: boolean,
): Promise<Reply> {
  call.require(ACTION);
  if (header(ctx.headers, 'content-type') !== 'application/octet-stream')
    throw new ApiError('XMinioAdminConfigBadJSON', 'The body must be sent as application/octet-stream');
  const t = target(type, name);
  const text = (await call.secretBody()).toString('utf8').trim();
  await configured(async () => {
    const exists = store.config[SUBSYS[type]]?.[t] !== undefined;
    if (update && !exists) throw new ConfigError(`identity provider '${name}' not found`, 'notFound');
    if (!update && exists) throw new ConfigError(`identity provider '${name}' already exists`);
    const line = parseLine(`${keyOf(type, t)} ${text}`);
    await store.update(
      (c) => ({ config: applyLines(c, [line]), result: undefined }),
      `${keyOf(type, t)} ${text}`,
    );
  });
  return emptyReply(200);
}

export async function getIdpConfigReply(
  call: AdminCall,
  store: ServerConfigStore,
  type: IdpType,
  name: string,
): Promise<Reply> {
  call.require(ACTION);
  const t = target(type, name);
  const stored = store.config[SUBSYS[type]]?.[t];
  if (!stored) throw new ApiError('XMinioConfigNotFoundError', `identity provider '${name}' not found`);
  const values = effective(store.config, subsystem(SUBSYS[type])!, t);
  return call.sealed({
    type,
    ...(t === DEFAULT_TARGET ? {} : { name: t }),
    info: Object.entries(values).map(([key, value]) => ({ key, value, isCfg: true, isEnv: false })),
  });
}

export async function listIdpConfigReply(
  call: AdminCall,
  store: ServerConfigStore,
  type: IdpType,
): Promise<Reply> {
  call.require(ACTION);
  const sub = subsystem(SUBSYS[type])!;
  const names = Object.keys(store.config[SUBSYS[type]] ?? {}).sort();
  return call.sealed(
    names.map((t) => ({ type, name: t, enabled: isEnabled(sub, effective(store.config, sub, t)) })),
  );
}

export async function deleteIdpConfigReply(
  call: AdminCall,
  store: ServerConfigStore,
  type: IdpType,
  name: string,
): Promise<Reply> {
  call.require(ACTION);
  const t = target(type, name);
  await configured(() =>
    store.update((c) => ({ config: deleteKeys(c, keyOf(type, t)).config, result: undefined })),
  );
  return emptyReply(200);
}
