import type { AuditFilterKey, AuditRecord, LogSearchQuery } from '@stowage/contract';
import { AUDIT_FILTER_KEYS, AUDIT_RECORD_FIELDS } from '@stowage/contract';
import { ApiError } from '../http/errors.js';
import { likePattern } from './record.js';

/** A search, parsed from the page's query: every filter as a LIKE pattern, pages from 0. */
export interface AuditSearch {
  filters: { column: AuditFilterKey; pattern: string }[];
  from?: string;
  to?: string;
  newestFirst: boolean;
  limit: number;
  offset: number;
}

export const DEFAULT_PAGE_SIZE = 100;

export function auditSearchOf(query: LogSearchQuery): AuditSearch {
  const pairs = query.fp === undefined ? [] : Array.isArray(query.fp) ? query.fp : [query.fp];
  const filters = pairs.map((pair) => {
    const colon = pair.indexOf(':');
    const column = pair.slice(0, colon) as AuditFilterKey;
    if (!AUDIT_FILTER_KEYS.includes(column)) throw new ApiError('badRequest', `unknown filter ${column}`);
    return { column, pattern: likePattern(pair.slice(colon + 1)) };
  });
  const limit = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return {
    filters,
    ...(query.timeStart ? { from: new Date(query.timeStart).toISOString() } : {}),
    ...(query.timeEnd ? { to: new Date(query.timeEnd).toISOString() } : {}),
    newestFirst: query.order !== 'timeAsc',
    limit,
    offset: (query.pageNo ?? 0) * limit,
  };
}

/** Where audit rows live: SQLite by default, PostgreSQL when configured; same schema in both. */
export interface AuditLog {
  insert(rows: readonly AuditRecord[]): Promise<void>;
  search(search: AuditSearch): Promise<AuditRecord[]>;
  /** Drops rows older than `before`; returns how many went. */
  purge(before: Date): Promise<number>;
  close(): Promise<void>;
}

/** The schema version this build writes; older stores are migrated, newer ones refused. */
export const AUDIT_SCHEMA_VERSION = 1;

/** Both databases refuse a schema this build does not know rather than write into it. */
export function refuseNewerSchema(found: number): void {
  if (found > AUDIT_SCHEMA_VERSION)
    throw new Error(
      `the audit database was written by a newer Stowage (schema ${found}; this one knows ${AUDIT_SCHEMA_VERSION})`,
    );
}

export const COLUMNS = AUDIT_RECORD_FIELDS;

/**
 * The WHERE clause and its values, with placeholders made by `slot` (? or $n). Filters are
 * case-sensitive LIKEs on both databases.
 */
export function whereOf(search: AuditSearch, slot: (n: number) => string): { sql: string; values: string[] } {
  const parts: string[] = [];
  const values: string[] = [];
  const add = (clause: (p: string) => string, value: string) => {
    values.push(value);
    parts.push(clause(slot(values.length)));
  };
  for (const f of search.filters) add((p) => `${f.column} LIKE ${p} ESCAPE '\\'`, f.pattern);
  if (search.from) add((p) => `time >= ${p}`, search.from);
  if (search.to) add((p) => `time <= ${p}`, search.to);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', values };
}
