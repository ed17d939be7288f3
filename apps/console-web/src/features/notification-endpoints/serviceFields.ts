import type { NotificationService } from '@stowage/contract';
import type { notifications } from '../../i18n/en/notifications.js';

// Each service's form: spec 002 §3 for Postgres and Mysql, MinIO's notify_<service> keys (in
// its order) for the other eight. Required keys are the ones the server will not go without.

/** Spec 002 §2.1: the picker's order. */
export const SERVICE_CHOICES = [
  'postgres',
  'kafka',
  'amqp',
  'mqtt',
  'redis',
  'nats',
  'mysql',
  'elasticsearch',
  'webhook',
  'nsq',
] as const satisfies readonly NotificationService[];

export type FieldKind = 'text' | 'secret' | 'number' | 'switch' | 'select';

/** A field's key, which is also its label's key (so every field has a label). */
export type FieldKey = Exclude<keyof typeof notifications.notifications.fields, 'account_id'>;

export interface ServiceField {
  key: FieldKey;
  kind: FieldKind;
  required?: boolean;
  /** The value a fresh form starts with. */
  initial?: string;
  options?: readonly string[];
}

const text = (key: FieldKey, required = false): ServiceField => ({ key, kind: 'text', required });
const secret = (key: FieldKey): ServiceField => ({ key, kind: 'secret' });
const number = (key: FieldKey, initial = ''): ServiceField => ({ key, kind: 'number', initial });
const onOff = (key: FieldKey): ServiceField => ({ key, kind: 'switch', initial: 'off' });
const select = (key: FieldKey, options: readonly string[], required = false): ServiceField => ({
  key,
  kind: 'select',
  options,
  initial: options[0],
  required,
});

/** Spec 002 §9: the queue limit starts at 10000. */
const queueLimit = number('queue_limit', '10000');
const queueDir = text('queue_dir');
const format = select('format', ['namespace', 'access'], true);
const comment = text('comment');

/** Spec 002 §3: the fields that stand in for the connection string in manual mode. */
export const MANUAL_FIELDS: readonly ServiceField[] = [
  text('host', true),
  text('dbname', true),
  text('user', true),
  secret('password'),
  number('port'),
];
const SSL_MODE = select('sslmode', ['require', 'disable', 'verify-ca', 'verify-full']);

/** The key a manual mode composes (Postgres, Mysql); other services have none. */
export const CONNECTION_KEY: Partial<Record<NotificationService, FieldKey>> = {
  postgres: 'connection_string',
  mysql: 'dsn_string',
};

const SERVICE_FIELDS: Record<NotificationService, readonly ServiceField[]> = {
  postgres: [
    { key: 'connection_string', kind: 'secret', required: true },
    text('table', true),
    format,
    queueDir,
    queueLimit,
    comment,
  ],
  mysql: [
    { key: 'dsn_string', kind: 'secret', required: true },
    text('table', true),
    format,
    queueDir,
    queueLimit,
    comment,
  ],
  kafka: [
    text('brokers', true),
    text('topic'),
    onOff('sasl'),
    text('sasl_username'),
    secret('sasl_password'),
    select('sasl_mechanism', ['plain', 'sha256', 'sha512']),
    onOff('tls'),
    onOff('tls_skip_verify'),
    number('tls_client_auth', '0'),
    text('client_tls_cert'),
    text('client_tls_key'),
    text('version'),
    queueDir,
    queueLimit,
    comment,
  ],
  amqp: [
    text('url', true),
    text('exchange'),
    text('exchange_type'),
    text('routing_key'),
    onOff('mandatory'),
    onOff('durable'),
    onOff('no_wait'),
    onOff('internal'),
    onOff('auto_deleted'),
    number('delivery_mode', '0'),
    onOff('publisher_confirms'),
    queueDir,
    queueLimit,
    comment,
  ],
  mqtt: [
    text('broker', true),
    text('topic', true),
    text('username'),
    secret('password'),
    number('qos', '0'),
    text('keep_alive_interval'),
    text('reconnect_interval'),
    queueDir,
    queueLimit,
    comment,
  ],
  redis: [
    text('address', true),
    text('key', true),
    format,
    secret('password'),
    queueDir,
    queueLimit,
    comment,
  ],
  nats: [
    text('address', true),
    text('subject', true),
    text('username'),
    secret('password'),
    secret('token'),
    onOff('tls'),
    onOff('tls_skip_verify'),
    text('cert_authority'),
    text('client_cert'),
    text('client_key'),
    text('ping_interval'),
    onOff('jetstream'),
    onOff('streaming'),
    onOff('streaming_async'),
    number('streaming_max_pub_acks_in_flight', '0'),
    text('streaming_cluster_id'),
    queueDir,
    queueLimit,
    comment,
  ],
  elasticsearch: [
    text('url', true),
    text('index', true),
    format,
    text('username'),
    secret('password'),
    queueDir,
    queueLimit,
    comment,
  ],
  webhook: [
    text('endpoint', true),
    secret('auth_token'),
    text('client_cert'),
    text('client_key'),
    queueDir,
    queueLimit,
    comment,
  ],
  nsq: [
    text('nsqd_address', true),
    text('topic', true),
    onOff('tls'),
    onOff('tls_skip_verify'),
    queueDir,
    queueLimit,
    comment,
  ],
};

/**
 * The fields shown: in manual mode the connection key gives way to the manual fields (Postgres
 * adds its sslmode), placed where the connection key was.
 */
export function serviceFields(service: NotificationService, manual: boolean): readonly ServiceField[] {
  const fields = SERVICE_FIELDS[service];
  const connection = CONNECTION_KEY[service];
  if (!manual || !connection) return fields;
  const manualFields = service === 'postgres' ? [...MANUAL_FIELDS, SSL_MODE] : MANUAL_FIELDS;
  return fields.flatMap((f) => (f.key === connection ? manualFields : [f]));
}

/** Every field of both modes, for a fresh form's initial values. */
export function initialValues(service: NotificationService): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of [...serviceFields(service, false), ...serviceFields(service, true)])
    if (f.initial !== undefined) values[f.key] = f.initial;
  return values;
}
