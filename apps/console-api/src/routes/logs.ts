import { createHash, timingSafeEqual } from 'node:crypto';
import { CONSOLE_PAGES, isPageAllowed, routes } from '@stowage/contract';
import type { FastifyRequest } from 'fastify';
import { type AuditLog, auditSearchOf } from '../audit/audit-log.js';
import { auditRecordOf } from '../audit/record.js';
import type { AuditLogConfig } from '../config.js';
import type { Binder } from '../http/bind.js';
import { ApiError } from '../http/errors.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The webhook sends its auth_token as a bearer token (or bare, from older servers). */
function tokenMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const sent = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : header;
  return sent !== '' && timingSafeEqual(digest(sent), digest(token));
}

/**
 * Audit log search. The console holds these rows itself, so it checks the Logs page's rule
 * (admin:ConsoleLog) before answering: no storage-server call judges this one.
 */
export function registerLogRoutes(
  bind: Binder,
  audit: { config: AuditLogConfig; log: AuditLog } | undefined,
): void {
  const off = () => new ApiError('notFound', 'audit log search is not configured on this console');

  bind.open(routes.ingestAuditLog, async ({ request, body }) => {
    if (!audit) throw off();
    if (!tokenMatches(request, audit.config.token))
      throw new ApiError('invalidLogin', 'wrong or missing audit token');
    const entries = Array.isArray(body) ? body : [body];
    const rows = entries.map(auditRecordOf);
    const bad = rows.indexOf(undefined);
    if (bad >= 0)
      throw new ApiError('badRequest', `entry ${bad} is not an audit log entry (time and api.name needed)`);
    await audit.log.insert(rows as NonNullable<(typeof rows)[number]>[]);
    return undefined;
  });

  bind.authed(routes.searchLogs, async ({ session, query }) => {
    if (!audit) throw off();
    if (!isPageAllowed(CONSOLE_PAGES['/logs']!, session.grants))
      throw new ApiError('forbidden', 'the audit log needs admin:ConsoleLog');
    return { results: await audit.log.search(auditSearchOf(query)) };
  });
}
