import { HEALTH_TYPES } from '@stowage/madmin';
import type { QueryPairs } from '../http/context.js';
import { DEFAULT_HEALTH_DEADLINE_MS } from './handlers/health-info.js';
import type { HealthType } from './handlers/health-sys.js';
import { parseGoDuration } from './streams.js';

// The admin API's routes (madmin-protocol.md §3): one table, method and path to a typed
// operation. Query keys MinIO's router requires must be present (even empty); a request
// that misses one, like any request matching no route, is answered 426
// XMinioAdminVersionMismatch, which madmin relies on.

export const ADMIN_PREFIX = '/minio/admin/v3';

export type ServiceAction = 'restart' | 'stop';

export type AdminOperation =
  | { op: 'AccountInfo'; prefixUsage: boolean }
  | { op: 'ServerInfo' | 'StorageInfo' | 'DataUsageInfo' }
  | { op: 'Service'; action: string }
  | { op: 'AddTier' | 'ListTiers' | 'TierStats' }
  | { op: 'BackgroundHealStatus' }
  | { op: 'HealthInfo'; types: HealthType[]; deadlineMs: number }
  | { op: 'SetIdpConfig'; type: 'openid' | 'ldap'; name: string; update: boolean }
  | { op: 'GetIdpConfig' | 'DeleteIdpConfig'; type: 'openid' | 'ldap'; name: string }
  | { op: 'ListIdpConfig'; type: 'openid' | 'ldap' }
  | { op: 'EditTier' | 'RemoveTier' | 'VerifyTier'; name: string }
  | { op: 'SetRemoteTarget'; bucket: string; update: boolean }
  | { op: 'ListRemoteTargets'; bucket: string; type: string }
  | { op: 'RemoveRemoteTarget'; bucket: string; arn: string }
  | {
      op: 'Trace';
      http: boolean;
      internal: boolean;
      storage: boolean;
      os: boolean;
      errorsOnly: boolean;
      threshold: string;
    }
  | { op: 'ConsoleLog'; limit: string; logType: string }
  | {
      op: 'Heal';
      bucket: string;
      prefix: string;
      clientToken?: string;
      forceStart: boolean;
      forceStop: boolean;
    }
  | { op: 'GetConfigKV'; key: string }
  | { op: 'SetConfigKV' | 'DelConfigKV' | 'GetConfig' | 'SetConfig' }
  | { op: 'HelpConfigKV'; subSys: string; key: string; env: boolean }
  | { op: 'ListConfigHistory'; count: string }
  | { op: 'RestoreConfigHistory' | 'ClearConfigHistory'; restoreId: string }
  | { op: 'ServerInfo' | 'StorageInfo' | 'DataUsageInfo' }
  | { op: 'GetBucketQuota' | 'SetBucketQuota'; bucket: string }
  | { op: 'ListUsers' | 'ListGroups' | 'ListPolicies' | 'UpdateGroupMembers' }
  | { op: 'UserInfo' | 'AddUser' | 'RemoveUser' | 'TemporaryAccountInfo'; accessKey: string }
  | { op: 'SetUserStatus'; accessKey: string; status: string }
  | { op: 'GroupInfo'; group: string }
  | { op: 'SetGroupStatus'; group: string; status: string }
  | { op: 'PolicyInfo'; name: string; v2: boolean }
  | { op: 'AddPolicy' | 'RemovePolicy'; name: string }
  | { op: 'SetPolicy'; policies: string[]; entity: string; isGroup: boolean }
  | { op: 'AttachPolicy' | 'DetachPolicy' }
  | { op: 'PolicyEntities'; users: string[]; groups: string[]; policies: string[] }
  | { op: 'AddServiceAccount' }
  | { op: 'ListServiceAccounts'; user: string }
  | { op: 'UpdateServiceAccount' | 'InfoServiceAccount' | 'DeleteServiceAccount'; accessKey: string };

/** Query access for a route: `one` reads a key (undefined when absent), `all` every value of one. */
interface Query {
  one(key: string): string | undefined;
  all(key: string): string[];
}

/** The parts of a health report asked for (`<type>=true`, as madmin sends all 13). */
const healthTypes = (q: Query): HealthType[] => HEALTH_TYPES.filter((type) => q.one(type) === 'true');

/** A health report: its parts, and how long it may take (MinIO's default 10 s; a bad one is refused). */
const healthInfoOp = (q: Query): AdminOperation => {
  const deadline = q.one('deadline');
  return {
    op: 'HealthInfo',
    types: healthTypes(q),
    deadlineMs: deadline ? parseGoDuration(deadline) / 1e6 : DEFAULT_HEALTH_DEADLINE_MS,
  };
};

interface Route {
  method: string;
  path: string;
  /** Keys that must be present. */
  required?: string[];
  /** undefined: the values do not fit the route (426, as MinIO's router does). */
  build(q: Query & { get(key: string): string }): AdminOperation | undefined;
}

const ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/accountinfo',
    build: (q) => ({ op: 'AccountInfo', prefixUsage: q.one('prefix-usage') === 'true' }),
  },
  { method: 'GET', path: '/info', build: () => ({ op: 'ServerInfo' }) },
  { method: 'GET', path: '/healthinfo', build: (q) => healthInfoOp(q) },
  { method: 'GET', path: '/obdinfo', build: (q) => healthInfoOp(q) },
  { method: 'POST', path: '/background-heal/status', build: () => ({ op: 'BackgroundHealStatus' }) },
  // Tiers (§3.7)
  { method: 'PUT', path: '/tier', build: () => ({ op: 'AddTier' }) },
  { method: 'GET', path: '/tier', build: () => ({ op: 'ListTiers' }) },
  { method: 'GET', path: '/tier-stats', build: () => ({ op: 'TierStats' }) },
  // Remote targets (§3.7)
  {
    method: 'PUT',
    path: '/set-remote-target',
    required: ['bucket'],
    build: (q) => ({ op: 'SetRemoteTarget', bucket: q.get('bucket'), update: q.one('update') === 'true' }),
  },
  {
    method: 'GET',
    path: '/list-remote-targets',
    required: ['bucket', 'type'],
    build: (q) => ({ op: 'ListRemoteTargets', bucket: q.get('bucket'), type: q.get('type') }),
  },
  {
    method: 'DELETE',
    path: '/remove-remote-target',
    required: ['bucket', 'arn'],
    build: (q) => ({ op: 'RemoveRemoteTarget', bucket: q.get('bucket'), arn: q.get('arn') }),
  },
  {
    method: 'POST',
    path: '/service',
    required: ['action'],
    build: (q) => ({ op: 'Service', action: q.get('action') }),
  },
  {
    method: 'GET',
    path: '/trace',
    build: (q) => {
      const all = q.one('all') === 'true';
      return {
        op: 'Trace',
        http: all || q.one('s3') === 'true',
        internal: all || q.one('internal') === 'true',
        storage: all || q.one('storage') === 'true',
        os: all || q.one('os') === 'true',
        errorsOnly: q.one('err') === 'true',
        threshold: q.one('threshold') ?? '',
      };
    },
  },
  {
    method: 'GET',
    path: '/log',
    build: (q) => ({ op: 'ConsoleLog', limit: q.one('limit') ?? '', logType: q.one('logType') ?? '' }),
  },
  // Configuration (§3.6)
  {
    method: 'GET',
    path: '/get-config-kv',
    required: ['key'],
    build: (q) => ({ op: 'GetConfigKV', key: q.get('key') }),
  },
  { method: 'PUT', path: '/set-config-kv', build: () => ({ op: 'SetConfigKV' }) },
  { method: 'DELETE', path: '/del-config-kv', build: () => ({ op: 'DelConfigKV' }) },
  {
    method: 'GET',
    path: '/help-config-kv',
    required: ['subSys', 'key'],
    build: (q) => ({
      op: 'HelpConfigKV',
      subSys: q.get('subSys'),
      key: q.get('key'),
      env: q.one('env') !== undefined,
    }),
  },
  { method: 'GET', path: '/config', build: () => ({ op: 'GetConfig' }) },
  { method: 'PUT', path: '/config', build: () => ({ op: 'SetConfig' }) },
  {
    method: 'GET',
    path: '/list-config-history-kv',
    required: ['count'],
    build: (q) => ({ op: 'ListConfigHistory', count: q.get('count') }),
  },
  {
    method: 'PUT',
    path: '/restore-config-history-kv',
    required: ['restoreId'],
    build: (q) => ({ op: 'RestoreConfigHistory', restoreId: q.get('restoreId') }),
  },
  {
    method: 'DELETE',
    path: '/clear-config-history-kv',
    required: ['restoreId'],
    build: (q) => ({ op: 'ClearConfigHistory', restoreId: q.get('restoreId') }),
  },
  { method: 'GET', path: '/storageinfo', build: () => ({ op: 'StorageInfo' }) },
  { method: 'GET', path: '/datausageinfo', build: () => ({ op: 'DataUsageInfo' }) },
  {
    method: 'GET',
    path: '/get-bucket-quota',
    required: ['bucket'],
    build: (q) => ({ op: 'GetBucketQuota', bucket: q.get('bucket') }),
  },
  {
    method: 'PUT',
    path: '/set-bucket-quota',
    required: ['bucket'],
    build: (q) => ({ op: 'SetBucketQuota', bucket: q.get('bucket') }),
  },
  // Users (§3.2)
  { method: 'GET', path: '/list-users', build: () => ({ op: 'ListUsers' }) },
  {
    method: 'GET',
    path: '/user-info',
    required: ['accessKey'],
    build: (q) => ({ op: 'UserInfo', accessKey: q.get('accessKey') }),
  },
  {
    method: 'PUT',
    path: '/add-user',
    required: ['accessKey'],
    build: (q) => ({ op: 'AddUser', accessKey: q.get('accessKey') }),
  },
  {
    method: 'PUT',
    path: '/set-user-status',
    required: ['accessKey', 'status'],
    build: (q) => ({ op: 'SetUserStatus', accessKey: q.get('accessKey'), status: q.get('status') }),
  },
  {
    method: 'DELETE',
    path: '/remove-user',
    required: ['accessKey'],
    build: (q) => ({ op: 'RemoveUser', accessKey: q.get('accessKey') }),
  },
  {
    method: 'GET',
    path: '/temporary-account-info',
    required: ['accessKey'],
    build: (q) => ({ op: 'TemporaryAccountInfo', accessKey: q.get('accessKey') }),
  },
  // Groups (§3.3)
  { method: 'PUT', path: '/update-group-members', build: () => ({ op: 'UpdateGroupMembers' }) },
  {
    method: 'GET',
    path: '/group',
    required: ['group'],
    build: (q) => ({ op: 'GroupInfo', group: q.get('group') }),
  },
  { method: 'GET', path: '/groups', build: () => ({ op: 'ListGroups' }) },
  {
    method: 'PUT',
    path: '/set-group-status',
    required: ['group', 'status'],
    build: (q) => ({ op: 'SetGroupStatus', group: q.get('group'), status: q.get('status') }),
  },
  // Policies (§3.4)
  { method: 'GET', path: '/list-canned-policies', build: () => ({ op: 'ListPolicies' }) },
  {
    method: 'GET',
    path: '/info-canned-policy',
    required: ['name'],
    build: (q) => {
      const v = q.one('v');
      if (v !== undefined && v !== '2') return undefined;
      return { op: 'PolicyInfo', name: q.get('name'), v2: v === '2' };
    },
  },
  {
    method: 'PUT',
    path: '/add-canned-policy',
    required: ['name'],
    build: (q) => ({ op: 'AddPolicy', name: q.get('name') }),
  },
  {
    method: 'DELETE',
    path: '/remove-canned-policy',
    required: ['name'],
    build: (q) => ({ op: 'RemovePolicy', name: q.get('name') }),
  },
  {
    method: 'PUT',
    path: '/set-user-or-group-policy',
    required: ['policyName', 'userOrGroup', 'isGroup'],
    build: (q) => {
      const isGroup = q.get('isGroup');
      if (isGroup !== 'true' && isGroup !== 'false') return undefined;
      const policies = q
        .get('policyName')
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '');
      return { op: 'SetPolicy', policies, entity: q.get('userOrGroup'), isGroup: isGroup === 'true' };
    },
  },
  { method: 'POST', path: '/idp/builtin/policy/attach', build: () => ({ op: 'AttachPolicy' }) },
  { method: 'POST', path: '/idp/builtin/policy/detach', build: () => ({ op: 'DetachPolicy' }) },
  {
    method: 'GET',
    path: '/idp/builtin/policy-entities',
    build: (q) => ({
      op: 'PolicyEntities',
      users: q.all('user'),
      groups: q.all('group'),
      policies: q.all('policy'),
    }),
  },
  // Service accounts (§3.5)
  { method: 'PUT', path: '/add-service-account', build: () => ({ op: 'AddServiceAccount' }) },
  {
    method: 'POST',
    path: '/update-service-account',
    required: ['accessKey'],
    build: (q) => ({ op: 'UpdateServiceAccount', accessKey: q.get('accessKey') }),
  },
  {
    method: 'GET',
    path: '/list-service-accounts',
    build: (q) => ({ op: 'ListServiceAccounts', user: q.one('user') ?? '' }),
  },
  {
    method: 'GET',
    path: '/info-service-account',
    required: ['accessKey'],
    build: (q) => ({ op: 'InfoServiceAccount', accessKey: q.get('accessKey') }),
  },
  {
    method: 'DELETE',
    path: '/delete-service-account',
    required: ['accessKey'],
    build: (q) => ({ op: 'DeleteServiceAccount', accessKey: q.get('accessKey') }),
  },
];

const BY_ROUTE = new Map(ROUTES.map((r) => [`${r.method} ${r.path}`, r]));

export function parseAdminRequest(
  method: string,
  path: string,
  query: QueryPairs,
): AdminOperation | undefined {
  if (!path.startsWith(`${ADMIN_PREFIX}/`)) return undefined;
  const rel = path.slice(ADMIN_PREFIX.length);
  if (method === 'POST' && rel.startsWith('/heal/')) return healOperation(rel.slice('/heal/'.length), query);
  const idp = /^\/idp-config\/(openid|ldap)(?:\/([^/]+))?$/.exec(rel);
  if (idp) return idpOperation(method, idp[1] as 'openid' | 'ldap', idp[2]);
  const tier = /^\/tier\/([^/]+)$/.exec(rel)?.[1];
  if (tier !== undefined) {
    const op = ({ POST: 'EditTier', DELETE: 'RemoveTier', GET: 'VerifyTier' } as const)[
      method as 'POST' | 'DELETE' | 'GET'
    ];
    return op ? { op, name: tier } : undefined;
  }
  const route = BY_ROUTE.get(`${method} ${rel}`);
  if (!route) return undefined;
  const one = (key: string) => query.find(([k]) => k === key)?.[1];
  if (!(route.required ?? []).every((key) => one(key) !== undefined)) return undefined;
  return route.build({
    one,
    get: (key) => one(key) ?? '',
    all: (key) => query.filter(([k]) => k === key).map(([, v]) => v),
  });
}

/** POST /heal/[bucket[/prefix]]: the force flags count when present, whatever their value. */
function healOperation(rest: string, query: QueryPairs): AdminOperation {
  const slash = rest.indexOf('/');
  const bucket = slash < 0 ? rest : rest.slice(0, slash);
  const prefix = slash < 0 ? '' : rest.slice(slash + 1);
  const has = (key: string) => query.some(([k]) => k === key);
  const clientToken = query.find(([k]) => k === 'clientToken')?.[1];
  return {
    op: 'Heal',
    bucket,
    prefix,
    ...(clientToken !== undefined ? { clientToken } : {}),
    forceStart: has('forceStart'),
    forceStop: has('forceStop'),
  };
}

/** /idp-config/{type}[/{name}]: PUT adds, POST updates, GET reads or lists, DELETE removes. */
function idpOperation(
  method: string,
  type: 'openid' | 'ldap',
  name: string | undefined,
): AdminOperation | undefined {
  if (name === undefined) return method === 'GET' ? { op: 'ListIdpConfig', type } : undefined;
  if (method === 'PUT' || method === 'POST')
    return { op: 'SetIdpConfig', type, name, update: method === 'POST' };
  if (method === 'GET') return { op: 'GetIdpConfig', type, name };
  if (method === 'DELETE') return { op: 'DeleteIdpConfig', type, name };
  return undefined;
}
