import {
  AUDIT_FILTER_KEYS,
  AUDIT_RECORD_FIELDS,
  type AuditFilterKey,
  type AuditRecord,
  type LogSearchQuery,
} from '@stowage/contract';

// Spec 002 §2.10 and §9: what the Audit Logs form sends to GET /logs/search.

export const AUDIT_PAGE_SIZE = 100;
/** Infinite scroll stops after this many rows however many match. */
export const AUDIT_SCROLL_TOTAL = 1_000_000;

export type AuditOrder = 'timeDesc' | 'timeAsc';
export const DEFAULT_AUDIT_ORDER: AuditOrder = 'timeDesc';

export type AuditColumn = keyof AuditRecord;
export const AUDIT_COLUMNS: readonly AuditColumn[] = AUDIT_RECORD_FIELDS;
export const DEFAULT_AUDIT_COLUMNS: readonly AuditColumn[] = AUDIT_COLUMNS.slice(0, 8);

/** The Advanced Filters in the order the form shows them. */
export const AUDIT_FILTERS: readonly AuditFilterKey[] = [
  'bucket',
  'api_name',
  'user_agent',
  'object',
  'request_id',
  'response_status',
];

export interface AuditCriteria {
  /** `datetime-local` values (the browser's time zone), empty for no bound. */
  start: string;
  end: string;
  filters: Partial<Record<AuditFilterKey, string>>;
}

export const emptyCriteria = (): AuditCriteria => ({ start: '', end: '', filters: {} });

/** A datetime-local value as an instant, or undefined when empty or not a date. */
export function instantOf(local: string): string | undefined {
  if (!local) return undefined;
  const ms = new Date(local).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** True when both bounds are set and the end comes first. */
export function windowInverted(criteria: AuditCriteria): boolean {
  const from = instantOf(criteria.start);
  const to = instantOf(criteria.end);
  return from !== undefined && to !== undefined && to < from;
}

/**
 * The query of one page. Filter values go as typed (trimmed): the wildcards * and . and the
 * escape \ are the server's to read, so a value means the same here and in any other client.
 */
export function auditSearchQuery(criteria: AuditCriteria, order: AuditOrder, pageNo: number): LogSearchQuery {
  const fp = AUDIT_FILTER_KEYS.flatMap((key) => {
    const value = criteria.filters[key]?.trim() ?? '';
    return value ? [`${key}:${value}`] : [];
  });
  const timeStart = instantOf(criteria.start);
  const timeEnd = instantOf(criteria.end);
  return {
    q: 'reqinfo',
    ...(fp.length ? { fp } : {}),
    pageSize: AUDIT_PAGE_SIZE,
    pageNo,
    order,
    ...(timeStart ? { timeStart } : {}),
    ...(timeEnd ? { timeEnd } : {}),
  };
}

/** The next page number, or undefined once a short page came back or the scroll total is reached. */
export function nextAuditPage(lastPage: readonly unknown[], pagesLoaded: number): number | undefined {
  if (lastPage.length < AUDIT_PAGE_SIZE) return undefined;
  if (pagesLoaded * AUDIT_PAGE_SIZE >= AUDIT_SCROLL_TOTAL) return undefined;
  return pagesLoaded;
}
