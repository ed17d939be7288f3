import { Packr } from 'msgpackr';

// Shared checks for versioned on-disk records. Every record carries a version; readers
// migrate older versions on read and refuse newer ones with a clear error.

export class RecordFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecordFormatError';
  }
}

export type Fields = Record<string, unknown>;

export function asFields(raw: unknown, kind: string): Fields {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new RecordFormatError(`${kind}: expected a JSON object`);
  }
  return raw as Fields;
}

/** Reads the version field and refuses versions newer than `current`. */
export function versionOf(fields: Fields, field: string, kind: string, current: number): number {
  const v = fields[field];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) {
    throw new RecordFormatError(`${kind}: missing or invalid "${field}"`);
  }
  if (v > current) {
    throw new RecordFormatError(
      `${kind} has version ${v}, newer than this version of Stowage understands (${current}); upgrade Stowage`,
    );
  }
  return v;
}

export function str(fields: Fields, name: string, kind: string): string {
  const v = fields[name];
  if (typeof v !== 'string') throw new RecordFormatError(`${kind}: "${name}" must be a string`);
  return v;
}

export function int(fields: Fields, name: string, kind: string): number {
  const v = fields[name];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw new RecordFormatError(`${kind}: "${name}" must be a non-negative integer`);
  }
  return v;
}

export function stringMap(fields: Fields, name: string, kind: string): Record<string, string> {
  const v = fields[name] ?? {};
  const obj = asFields(v, `${kind}.${name}`);
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(obj)) {
    if (typeof val !== 'string') throw new RecordFormatError(`${kind}: "${name}.${k}" must be a string`);
    out[k] = val;
  }
  return out;
}

export function date(fields: Fields, name: string, kind: string): Date {
  const d = new Date(str(fields, name, kind));
  if (Number.isNaN(d.getTime())) throw new RecordFormatError(`${kind}: "${name}" is not a date`);
  return d;
}

/**
 * Binary records (the drive indexes) are MessagePack maps: plain objects, no extensions.
 * A record that does not unpack is damaged, and says so as a RecordFormatError.
 */
const packr = new Packr({ useRecords: false, moreTypes: false });

export const packRecord = (value: unknown): Buffer => packr.pack(value);

/** Any MessagePack value; RecordFormatError when the bytes are damaged. */
export function unpackAny(bytes: Uint8Array, kind: string): unknown {
  try {
    return packr.unpack(bytes);
  } catch {
    throw new RecordFormatError(`${kind}: not decodable`);
  }
}

export function unpackRecord(bytes: Uint8Array, kind: string): Fields {
  return asFields(unpackAny(bytes, kind), kind);
}

/** A list field: each element decoded by `item`. */
export function listOfRecords<T>(fields: Fields, name: string, kind: string, item: (raw: unknown) => T): T[] {
  const v = fields[name];
  if (!Array.isArray(v)) throw new RecordFormatError(`${kind}: "${name}" must be a list`);
  return v.map(item);
}

/** Object lock retention: a mode and a time (milliseconds since the epoch). */
export function retentionOf(
  fields: Fields,
  kind: string,
): { mode: 'GOVERNANCE' | 'COMPLIANCE'; until: number } | undefined {
  if (fields.retention === undefined) return undefined;
  const r = asFields(fields.retention, `${kind}.retention`);
  if (r.mode !== 'GOVERNANCE' && r.mode !== 'COMPLIANCE')
    throw new RecordFormatError(`${kind}: unknown retention mode`);
  return { mode: r.mode, until: int(r, 'until', kind) };
}
