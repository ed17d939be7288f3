import type { AuditLogConfig } from '../config.js';
import type { AuditLog } from './audit-log.js';
import { openPostgresAuditLog } from './postgres-log.js';
import { openSqliteAuditLog } from './sqlite-log.js';

export type { AuditLog } from './audit-log.js';

const HOUR_MS = 3600_000;

/** Opens the configured store and keeps it within its retention; close() stops both. */
export async function openAuditLog(config: AuditLogConfig): Promise<AuditLog> {
  const log = config.postgresUrl
    ? await openPostgresAuditLog(config.postgresUrl)
    : openSqliteAuditLog(config.sqlitePath);
  const purge = () => log.purge(new Date(Date.now() - config.retentionDays * 24 * HOUR_MS)).catch(() => 0);
  void purge();
  const timer = setInterval(purge, HOUR_MS);
  timer.unref();
  return {
    ...log,
    async close() {
      clearInterval(timer);
      await log.close();
    },
  };
}
