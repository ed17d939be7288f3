// The server configuration subsystems MinIO's admin API knows (madmin-protocol.md §6.5):
// each key in order with its default, whether it is required while enabled, and its help.
// One table serves parsing, printing, validation and help-config-kv.

import { NOTIFY_SUBSYSTEMS } from './notify-subsystems.js';
import { k, loggerKeys, type Subsystem, sub } from './subsystem-spec.js';

export type { KeySpec, Subsystem } from './subsystem-spec.js';

export const SUBSYSTEMS: readonly Subsystem[] = [
  // First, as MinIO lists it. Its keys are "sensitive" (redacted in health info), not secret.
  sub(
    'subnet',
    'register Enterprise license for the cluster',
    [
      k('license', '', 'string', 'Enterprise license for the cluster'),
      k('api_key', '', 'string', 'Enterprise license API key for the cluster'),
      k('proxy', '', 'string', 'HTTP(s) proxy URL to use for connecting to SUBNET'),
    ],
    { dynamic: true },
  ),
  sub('site', 'label the server and its location', [
    k('name', '', 'string', 'name for the site e.g. "cal-rack0"'),
    k('region', '', 'string', 'name of the location of the server e.g. "us-west-1"'),
  ]),
  sub(
    'api',
    'manage global HTTP API call specific features',
    [
      k('requests_max', '0', 'number', 'set the maximum number of concurrent requests'),
      k('requests_deadline', '10s', 'duration', 'set the deadline for API requests waiting to be processed'),
      k('cluster_deadline', '10s', 'duration', 'set the deadline for cluster readiness check'),
      k('cors_allow_origin', '*', 'csv', 'set comma separated list of origins allowed for CORS requests'),
      k(
        'remote_transport_deadline',
        '2h',
        'duration',
        'set the deadline for API requests on remote transports while proxying between federated instances e.g. "2h"',
      ),
      k(
        'list_quorum',
        'strict',
        'strict|optimal|reduced|disk|auto',
        'set the acceptable quorum expected for list operations e.g. "optimal", "reduced", "disk", "strict", "auto"',
      ),
      k('replication_priority', 'auto', 'slow|fast|auto', 'set replication priority'),
      k('transition_workers', '100', 'number', 'set the number of transition workers'),
      k(
        'object_max_versions',
        '9223372036854775807',
        'number',
        'set max allowed number of versions per object',
      ),
      k(
        'stale_uploads_cleanup_interval',
        '6h',
        'duration',
        'set to change intervals when stale multipart uploads are expired',
      ),
      k(
        'stale_uploads_expiry',
        '24h',
        'duration',
        'set to change expiry duration for stale multipart uploads',
      ),
      k(
        'delete_cleanup_interval',
        '5m',
        'duration',
        'set to change intervals when deleted objects are permanently deleted from ".trash" folder',
      ),
      k(
        'disable_odirect',
        'off',
        'on|off',
        'set to disable O_DIRECT for reads under special conditions. NOTE: it is not recommended to disable O_DIRECT without prior testing',
      ),
      k('gzip_objects', 'off', 'on|off', 'set to enable GZIP compression for S3 GET responses of objects'),
    ],
    { dynamic: true },
  ),
  sub(
    'scanner',
    'manage namespace scanning for usage calculation, lifecycle, healing and more',
    [
      k('speed', 'default', 'fastest|fast|default|slow|slowest', 'scanner speed'),
      k('delay', '', 'float', 'scanner delay multiplier, defaults to "10.0"'),
      k('max_wait', '', 'duration', 'maximum wait time between operations, defaults to "15s"'),
      k('cycle', '', 'duration', 'time duration between scanner cycles, defaults to "1m"'),
    ],
    { dynamic: true },
  ),
  sub(
    'compression',
    'enable server side compression of objects',
    [
      k('enable', 'off', 'on|off', 'enable or disable object compression'),
      k('allow_encryption', 'off', 'on|off', 'enable compression of encrypted objects'),
      k(
        'extensions',
        '.txt,.log,.csv,.json,.tar,.xml,.bin',
        'csv',
        'comma separated file extensions e.g. ".txt,.log,.csv"',
      ),
      k(
        'mime_types',
        'text/*,application/json,application/xml,binary/octet-stream',
        'csv',
        'comma separated wildcard mime-types e.g. "text/*,application/json"',
      ),
    ],
    { dynamic: true },
  ),
  sub(
    'identity_openid',
    'enable OpenID SSO support',
    [
      k('enable', '', 'on|off', 'enable or disable this provider'),
      k('display_name', '', 'string', 'friendly display name for this provider'),
      k(
        'config_url',
        '',
        'url',
        'openid discovery document e.g. "https://accounts.google.com/.well-known/openid-configuration"',
        true,
      ),
      k(
        'client_id',
        '',
        'string',
        'unique public identifier for apps e.g. "292085223830.apps.googleusercontent.com"',
        true,
      ),
      k('client_secret', '', 'string', 'secret for the unique public identifier for apps', true),
      k('claim_name', 'policy', 'string', 'JWT canned policy claim name'),
      k(
        'claim_userinfo',
        '',
        'on|off',
        'enable this if claims need to be looked up from the userinfo endpoint',
      ),
      k(
        'role_policy',
        '',
        'string',
        'set the policy for this provider: the role ARN is then used instead of claims',
      ),
      k('claim_prefix', '', 'string', '[DEPRECATED] JWT claim namespace prefix'),
      k('redirect_uri', '', 'url', '[DEPRECATED] configure redirect_uri for the console'),
      k('redirect_uri_dynamic', 'off', 'on|off', 'enable the redirect_uri to be computed from the request'),
      k('scopes', '', 'csv', 'comma separated list of OpenID scopes for the server'),
      k('vendor', '', 'string', 'vendor of the OpenID provider (e.g. keycloak)'),
      k('keycloak_realm', '', 'string', 'realm name of the Keycloak provider'),
      k('keycloak_admin_url', '', 'url', 'admin URL of the Keycloak provider'),
    ],
    { multi: true },
  ),
  sub('identity_ldap', 'enable LDAP SSO support', [
    k(
      'server_addr',
      '',
      'address',
      'AD/LDAP server address e.g. "myldap.com" or "myldapserver.com:636"',
      true,
    ),
    k('srv_record_name', '', 'string', 'DNS SRV record name for LDAP service'),
    k('user_dn_search_base_dn', '', 'list', 'base LDAP DN to search for user DN'),
    k('user_dn_search_filter', '', 'string', 'search filter to lookup user DN, e.g. "(uid=%s)"'),
    k(
      'group_search_filter',
      '',
      'string',
      'search filter for groups e.g. "(&(objectclass=groupOfNames)(member=%d))"',
    ),
    k('group_search_base_dn', '', 'list', 'base DN to search for groups'),
    k('tls_skip_verify', 'off', 'on|off', 'trust server TLS without verification'),
    k('server_insecure', 'off', 'on|off', 'allow plain text connection to AD/LDAP server'),
    k('server_starttls', 'off', 'on|off', 'use StartTLS connection to AD/LDAP server'),
    k(
      'lookup_bind_dn',
      '',
      'string',
      'DN for LDAP read-only service account used to perform DN and group lookups',
    ),
    k('lookup_bind_password', '', 'string', 'password for the LDAP read-only service account'),
  ]),
  sub('logger_webhook', 'send server logs to webhook endpoints', loggerKeys('server logs'), {
    multi: true,
    dynamic: true,
  }),
  sub('audit_webhook', 'send audit logs to webhook endpoints', loggerKeys('audit logs'), {
    multi: true,
    dynamic: true,
  }),
  ...NOTIFY_SUBSYSTEMS,
  sub('etcd', 'federate multiple clusters for IAM and Bucket DNS', [
    k('endpoints', '', 'csv', 'comma separated list of etcd endpoints e.g. "http://localhost:2379"', true),
    k('path_prefix', '', 'path', 'namespace prefix to isolate tenants e.g. "customer1/"'),
    k('coredns_path', '/skydns', 'path', 'shared bucket DNS records, default is "/skydns"'),
    k('client_cert', '', 'path', 'client cert for mTLS authentication'),
    k('client_cert_key', '', 'path', 'client cert key for mTLS authentication'),
  ]),
  sub('cache', '[DEPRECATED] add caching storage tier', [
    k('drives', '', 'csv', 'comma separated mountpoints e.g. "/optane1,/optane2"', true),
    k('exclude', '', 'csv', 'exclude cache for following patterns e.g. "bucket/*.tmp,*.exe"'),
    k('expiry', '90', 'number', 'cache expiry duration in days'),
    k('quota', '80', 'number', 'limit cache drive usage in percentage'),
    k('after', '0', 'number', 'minimum number of access before caching an object'),
    k('watermark_low', '70', 'number', '% of cache use at which to stop cache eviction'),
    k('watermark_high', '80', 'number', '% of cache use at which to start cache eviction'),
    k('range', 'on', 'on|off', 'set to "on" or "off" caching of independent range requests per object'),
    k('commit', '', 'writeback|writethrough', 'set to control cache commit behavior'),
  ]),
  sub(
    'storage_class',
    'define object level redundancy',
    [
      k('standard', '', 'string', 'set the parity count for default standard storage class e.g. "EC:4"'),
      k('rrs', 'EC:1', 'string', 'set the parity count for reduced redundancy storage class e.g. "EC:2"'),
    ],
    { dynamic: true },
  ),
  sub(
    'heal',
    'manage object healing frequency and bitrot verification checks',
    [
      k('bitrotscan', 'off', 'on|off', 'perform bitrot scan on drives when checking objects during scanner'),
      k('max_sleep', '1s', 'duration', 'maximum sleep duration between objects to slow down heal operation'),
      k('max_io', '100', 'int', 'maximum IO requests allowed between objects to slow down heal operation'),
    ],
    { dynamic: true },
  ),
  sub(
    'region',
    '[DEPRECATED] label the location of the server',
    [k('name', '', 'string', 'name of the location of the server e.g. "us-west-rack2"')],
    { listed: false },
  ),
];

const BY_NAME = new Map(SUBSYSTEMS.map((s) => [s.name, s]));

export const subsystem = (name: string): Subsystem | undefined => BY_NAME.get(name);

/** The notification target type in an ARN: postgres is "postgresql" (MinIO). */
export const notifyType = (subsys: string): string => {
  const type = subsys.slice('notify_'.length);
  return type === 'postgres' ? 'postgresql' : type;
};
