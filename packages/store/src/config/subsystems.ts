// The server configuration subsystems MinIO's admin API knows (madmin-protocol.md §6.5):
// each key in order with its default, whether it is required while enabled, and its help.
// One table serves parsing, printing, validation and help-config-kv.

export interface KeySpec {
  key: string;
  default: string;
  /** Must be non-empty while the target is enabled. */
  required?: boolean;
  type: string;
  description: string;
}

export interface Subsystem {
  name: string;
  description: string;
  /** Named targets (`subsys:name`) besides the default one. */
  multi: boolean;
  /** Applied without a restart (set-config-kv answers x-minio-config-applied: true). */
  dynamic: boolean;
  /** Listed by help-config-kv with an empty subsystem (deprecated ones are not). */
  listed: boolean;
  keys: KeySpec[];
}

const k = (key: string, def: string, type: string, description: string, required = false): KeySpec => ({
  key,
  default: def,
  type,
  description,
  ...(required ? { required } : {}),
});

const enable = k('enable', 'off', 'on|off', 'enable or disable this target');
const queueDir = k('queue_dir', '', 'path', 'staging directory for undelivered messages');
const queueLimit = k('queue_limit', '0', 'number', 'maximum limit for undelivered messages');

const loggerKeys = (what: string): KeySpec[] => [
  enable,
  k('endpoint', '', 'url', `HTTP(s) endpoint that receives the ${what}`, true),
  k('auth_token', '', 'string', 'opaque string or JWT authorization token'),
  k('client_cert', '', 'path', 'mTLS certificate for the endpoint'),
  k('client_key', '', 'path', 'mTLS key for the endpoint'),
  k('queue_size', '100000', 'number', 'maximum number of entries held in memory'),
];

const sub = (
  name: string,
  description: string,
  keys: KeySpec[],
  opts: { multi?: boolean; dynamic?: boolean; listed?: boolean } = {},
): Subsystem => ({
  name,
  description,
  multi: opts.multi ?? false,
  dynamic: opts.dynamic ?? false,
  listed: opts.listed ?? true,
  keys,
});

const notify = (name: string, description: string, keys: KeySpec[]): Subsystem =>
  sub(`notify_${name}`, description, [enable, ...keys], { multi: true });

export const SUBSYSTEMS: readonly Subsystem[] = [
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
      k('cors_allow_origin', '*', 'csv', 'set comma separated list of origins allowed for CORS requests'),
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
    ],
    { dynamic: true },
  ),
  sub(
    'scanner',
    'manage namespace scanning for usage calculation, lifecycle, healing and more',
    [k('speed', 'default', 'fastest|fast|default|slow|slowest', 'scanner speed')],
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
  notify('webhook', 'publish bucket notifications to webhook endpoints', [
    k('endpoint', '', 'url', 'webhook server endpoint e.g. http://localhost:8080/minio/events', true),
    k('auth_token', '', 'string', 'opaque string or JWT authorization token'),
    queueLimit,
    queueDir,
    k('client_cert', '', 'path', 'client cert for the webhook mTLS authentication'),
    k('client_key', '', 'path', 'client cert key for the webhook mTLS authentication'),
  ]),
  notify('amqp', 'publish bucket notifications to AMQP endpoints', [
    k('url', '', 'url', 'AMQP server endpoint e.g. `amqp://myuser:mypassword@localhost:5672`', true),
    k('exchange', '', 'string', 'name of the AMQP exchange'),
    k('exchange_type', '', 'string', 'AMQP exchange type'),
    k('routing_key', '', 'string', 'routing key for publishing'),
    k('mandatory', 'off', 'on|off', 'quietly ignore undelivered messages when set to "off"'),
    k('durable', 'off', 'on|off', 'persist queue across broker restarts when set to "on"'),
    k('no_wait', 'off', 'on|off', 'non-blocking message delivery when set to "on"'),
    k('internal', 'off', 'on|off', 'set to "on" for exchange to be not used directly by publishers'),
    k('auto_deleted', 'off', 'on|off', 'auto delete queue when set to "on", when there are no consumers'),
    k('delivery_mode', '0', 'number', 'set to 1 for non-persistent or 2 for persistent queue'),
    k('publisher_confirms', 'off', 'on|off', 'confirm each message as published'),
    queueLimit,
    queueDir,
  ]),
  notify('kafka', 'publish bucket notifications to Kafka endpoints', [
    k('topic', '', 'string', 'Kafka topic used for bucket notifications'),
    k('brokers', '', 'csv', 'comma separated list of Kafka broker addresses', true),
    k('sasl_username', '', 'string', 'username for SASL/PLAIN or SASL/SCRAM authentication'),
    k('sasl_password', '', 'string', 'password for SASL/PLAIN or SASL/SCRAM authentication'),
    k('sasl_mechanism', 'plain', 'string', 'sasl authentication mechanism, default "plain"'),
    k('client_tls_cert', '', 'path', 'path to client certificate for mTLS auth'),
    k('client_tls_key', '', 'path', 'path to client key for mTLS auth'),
    k(
      'tls_client_auth',
      '0',
      'number',
      "clientAuth determines the Kafka server's policy for TLS client auth",
    ),
    k('sasl', 'off', 'on|off', 'set to "on" to enable SASL authentication'),
    k('tls', 'off', 'on|off', 'set to "on" to enable TLS'),
    k('tls_skip_verify', 'off', 'on|off', 'trust server TLS without verification'),
    queueLimit,
    queueDir,
    k('version', '', 'string', 'specify the version of the Kafka cluster'),
  ]),
  notify('mqtt', 'publish bucket notifications to MQTT endpoints', [
    k('broker', '', 'uri', 'MQTT server endpoint e.g. `tcp://localhost:1883`', true),
    k('topic', '', 'string', 'name of the MQTT topic to publish', true),
    k('password', '', 'string', 'MQTT password'),
    k('username', '', 'string', 'MQTT username'),
    k('qos', '0', 'number', "set the quality of service priority, defaults to '0'"),
    k('keep_alive_interval', '0s', 'duration', 'keep-alive interval for MQTT connections in s,m,h,d'),
    k('reconnect_interval', '0s', 'duration', 'reconnect interval for MQTT connections in s,m,h,d'),
    queueDir,
    queueLimit,
  ]),
  notify('mysql', 'publish bucket notifications to MySQL databases', [
    k(
      'format',
      'namespace',
      'namespace*|access',
      "'namespace' reflects current bucket/object list and 'access' reflects a journal of object operations",
      true,
    ),
    k(
      'dsn_string',
      '',
      'string',
      'MySQL data-source-name connection string e.g. "<user>:<password>@tcp(<host>:<port>)/<database>"',
    ),
    k('table', '', 'string', 'DB table name to store/update events, table is auto-created', true),
    queueDir,
    queueLimit,
    k('max_open_connections', '2', 'number', 'maximum number of open connections to the database'),
  ]),
  notify('nats', 'publish bucket notifications to NATS endpoints', [
    k('address', '', 'address', "NATS server address e.g. '0.0.0.0:4222'", true),
    k('subject', '', 'string', 'NATS subscription subject', true),
    k('username', '', 'string', 'NATS username'),
    k('password', '', 'string', 'NATS password'),
    k('token', '', 'string', 'NATS token'),
    k('tls', 'off', 'on|off', "set to 'on' to enable TLS"),
    k('tls_skip_verify', 'off', 'on|off', 'trust server TLS without verification'),
    k('cert_authority', '', 'string', 'path to certificate chain of the target NATS server'),
    k('client_cert', '', 'string', 'client cert for NATS mTLS auth'),
    k('client_key', '', 'string', 'client cert key for NATS mTLS auth'),
    k('ping_interval', '0', 'duration', 'client ping commands interval in s,m,h,d'),
    k('jetstream', 'off', 'on|off', 'enable JetStream support'),
    k('streaming', 'off', 'on|off', "[DEPRECATED] set to 'on' to use streaming NATS server"),
    k('streaming_async', 'off', 'on|off', "[DEPRECATED] set to 'on' to enable asynchronous publish"),
    k(
      'streaming_max_pub_acks_in_flight',
      '0',
      'number',
      '[DEPRECATED] number of messages to publish without waiting for ACKs',
    ),
    k('streaming_cluster_id', '', 'string', '[DEPRECATED] unique ID for NATS streaming cluster'),
    queueDir,
    queueLimit,
  ]),
  notify('nsq', 'publish bucket notifications to NSQ endpoints', [
    k('nsqd_address', '', 'address', "NSQ server address e.g. '127.0.0.1:4150'", true),
    k('topic', '', 'string', 'NSQ topic', true),
    k('tls', 'off', 'on|off', "set to 'on' to enable TLS"),
    k('tls_skip_verify', 'off', 'on|off', 'trust server TLS without verification'),
    queueDir,
    queueLimit,
  ]),
  notify('postgres', 'publish bucket notifications to Postgres databases', [
    k(
      'connection_string',
      '',
      'string',
      'Postgres server connection-string e.g. "host=localhost port=5432 dbname=minio_events user=postgres password=password sslmode=disable"',
      true,
    ),
    k('table', '', 'string', 'DB table name to store/update events, table is auto-created', true),
    k(
      'format',
      'namespace',
      'namespace*|access',
      "'namespace' reflects current bucket/object list and 'access' reflects a journal of object operations",
      true,
    ),
    queueDir,
    queueLimit,
    k('max_open_connections', '2', 'number', 'maximum number of open connections to the database'),
  ]),
  notify('elasticsearch', 'publish bucket notifications to Elasticsearch endpoints', [
    k('url', '', 'url', "Elasticsearch server's address, with optional authentication info", true),
    k('index', '', 'string', 'Elasticsearch index to store/update events, index is auto-created', true),
    k(
      'format',
      'namespace',
      'namespace*|access',
      "'namespace' reflects current bucket/object list and 'access' reflects a journal of object operations",
      true,
    ),
    queueDir,
    queueLimit,
    k('username', '', 'string', 'username for Elasticsearch basic-auth'),
    k('password', '', 'string', 'password for Elasticsearch basic-auth'),
  ]),
  notify('redis', 'publish bucket notifications to Redis datastores', [
    k('address', '', 'address', "Redis server's address. For example: `localhost:6379`", true),
    k('key', '', 'string', 'Redis key to store/update events, key is auto-created', true),
    k(
      'format',
      'namespace',
      'namespace*|access',
      "'namespace' reflects current bucket/object list and 'access' reflects a journal of object operations",
      true,
    ),
    k('password', '', 'string', 'Redis server password'),
    queueDir,
    queueLimit,
  ]),
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
