import type { AuditRecord } from '@stowage/contract';
import { timestampedName } from '../../utils/saveFile.js';
import { AUDIT_COLUMNS } from './auditQuery.js';

// The loaded audit rows as files: every field, in the table's column order.

/**
 * One CSV cell (RFC 4180). Text a spreadsheet would run as a formula (starting with = + - @,
 * or a tab or carriage return) gets a leading ' so it stays text.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function auditCsv(rows: readonly AuditRecord[]): string {
  const lines = [AUDIT_COLUMNS.join(',')];
  for (const row of rows) lines.push(AUDIT_COLUMNS.map((c) => csvCell(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function auditJson(rows: readonly AuditRecord[]): string {
  return `${JSON.stringify(rows, null, 2)}\n`;
}

/** audit-logs-<when exported>.csv, a name that sorts by time and is safe on every system. */
export const auditFileName = (extension: 'csv' | 'json', now = new Date()): string =>
  timestampedName('audit-logs', extension, now);
