import { asFields, RecordFormatError, str, versionOf } from './record.js';

// The server configuration (subsystem → target → key → value, only what was set) and its
// history of changes, as documents of the system namespace.
export const SERVER_CONFIG_VERSION = 1;

/** Stored values: subsystem → target ('_' is the default) → key → value (only what was set). */
export type ServerConfig = Record<string, Record<string, Record<string, string>>>;

export interface HistoryEntry {
  restoreId: string;
  createTime: string;
  /** The KV text that was set. */
  data: string;
}

const stringRecord = (raw: unknown, kind: string): Record<string, string> => {
  const f = asFields(raw, kind);
  for (const [k, v] of Object.entries(f))
    if (typeof v !== 'string') throw new RecordFormatError(`${kind}: "${k}" must be a string`);
  return f as Record<string, string>;
};

export const encodeServerConfig = (config: ServerConfig): unknown => ({
  v: SERVER_CONFIG_VERSION,
  subsystems: config,
});

export function decodeServerConfig(raw: unknown): ServerConfig {
  if (raw === undefined) return {};
  const kind = 'server configuration';
  const f = asFields(raw, kind);
  versionOf(f, 'v', kind, SERVER_CONFIG_VERSION);
  const out: ServerConfig = {};
  for (const [sub, targets] of Object.entries(asFields(f.subsystems, kind))) {
    out[sub] = {};
    for (const [target, values] of Object.entries(asFields(targets, `${kind} ${sub}`)))
      out[sub][target] = stringRecord(values, `${kind} ${sub}:${target}`);
  }
  return out;
}

export const encodeHistory = (entries: HistoryEntry[]): unknown => ({ v: SERVER_CONFIG_VERSION, entries });

export function decodeHistory(raw: unknown): HistoryEntry[] {
  if (raw === undefined) return [];
  const kind = 'configuration history';
  const f = asFields(raw, kind);
  versionOf(f, 'v', kind, SERVER_CONFIG_VERSION);
  if (!Array.isArray(f.entries)) throw new RecordFormatError(`${kind}: "entries" must be a list`);
  return f.entries.map((e) => {
    const x = asFields(e, kind);
    return {
      restoreId: str(x, 'restoreId', kind),
      createTime: str(x, 'createTime', kind),
      data: str(x, 'data', kind),
    };
  });
}
