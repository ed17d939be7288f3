// Spec 000 §3 "Configuration field sets": every configuration id the Settings screen edits,
// with its fields. Keys are the storage server's config keys; labels live in i18n.

export type FieldType = 'text' | 'number' | 'csv' | 'toggle' | 'secret';

export interface ConfigField {
  key: string;
  type: FieldType;
  required?: boolean;
  /** Shown when the server has no value (spec 000 §5: STS expiry 1h). */
  defaultValue?: string;
}

export type ConfigId =
  | 'region'
  | 'cache'
  | 'compression'
  | 'etcd'
  | 'identity_openid'
  | 'identity_ldap'
  | 'logger_webhook'
  | 'audit_webhook';

export interface ConfigurationEntry {
  id: ConfigId;
  fields: readonly ConfigField[];
  /** A list item with its own url navigates there instead of the inline form (spec 000 §2). */
  url?: string;
}

const comment: ConfigField = { key: 'comment', type: 'text' };
const webhookFields: readonly ConfigField[] = [
  { key: 'endpoint', type: 'text', required: true },
  { key: 'auth_token', type: 'secret', required: true },
];

export const CONFIGURATIONS: readonly ConfigurationEntry[] = [
  { id: 'region', fields: [{ key: 'name', type: 'text', required: true }, comment] },
  {
    id: 'cache',
    fields: [
      { key: 'drives', type: 'csv', required: true },
      { key: 'expiry', type: 'number' },
      { key: 'quota', type: 'number' },
      { key: 'exclude', type: 'csv' },
      { key: 'after', type: 'number' },
      { key: 'watermark_low', type: 'number' },
      { key: 'watermark_high', type: 'number' },
      comment,
    ],
  },
  {
    id: 'compression',
    fields: [
      { key: 'extensions', type: 'csv' },
      { key: 'mime_types', type: 'csv' },
    ],
  },
  {
    id: 'etcd',
    fields: [
      { key: 'endpoints', type: 'csv', required: true },
      { key: 'path_prefix', type: 'text' },
      { key: 'coredns_path', type: 'text' },
      { key: 'client_cert', type: 'text' },
      { key: 'client_cert_key', type: 'text' },
      comment,
    ],
  },
  {
    id: 'identity_openid',
    fields: [
      { key: 'config_url', type: 'text' },
      { key: 'client_id', type: 'text' },
      { key: 'claim_name', type: 'text' },
      { key: 'claim_prefix', type: 'text' },
    ],
  },
  {
    id: 'identity_ldap',
    fields: [
      { key: 'server_addr', type: 'text', required: true },
      { key: 'username_format', type: 'csv', required: true },
      { key: 'username_search_filter', type: 'text', required: true },
      { key: 'group_search_filter', type: 'text', required: true },
      { key: 'username_search_base_dn', type: 'text' },
      { key: 'group_name_attribute', type: 'text' },
      { key: 'sts_expiry', type: 'text', defaultValue: '1h' },
      { key: 'tls_skip_verify', type: 'toggle' },
      { key: 'server_insecure', type: 'toggle' },
      comment,
    ],
  },
  { id: 'logger_webhook', fields: webhookFields, url: '/webhook/logger' },
  { id: 'audit_webhook', fields: webhookFields, url: '/webhook/audit' },
];

export const configurationById = (id: string) => CONFIGURATIONS.find((c) => c.id === id);

/** The form's values from the server's key/value list, field defaults filling the gaps. */
export function initialValues(
  entry: ConfigurationEntry,
  keyValues: readonly { key: string; value: string }[],
): Record<string, string> {
  const stored = new Map(keyValues.map((kv) => [kv.key, kv.value]));
  return Object.fromEntries(entry.fields.map((f) => [f.key, stored.get(f.key) || (f.defaultValue ?? '')]));
}

/** Spec 000 §4: saving empties blank values; each field is sent, trimmed. */
export function toKeyValues(entry: ConfigurationEntry, values: Record<string, string>) {
  return entry.fields.map((f) => ({ key: f.key, value: (values[f.key] ?? '').trim() }));
}

/** The first required field left blank; a stored (redacted) secret counts as filled. */
export function missingRequired(
  entry: ConfigurationEntry,
  values: Record<string, string>,
  storedSecrets: ReadonlySet<string>,
): ConfigField | undefined {
  return entry.fields.find(
    (f) => f.required && (values[f.key] ?? '').trim() === '' && !storedSecrets.has(f.key),
  );
}
