import type { AuditRecord } from '@stowage/contract';

// MinIO's audit entry (version 1) reduced to the row the Audit Logs page shows.

const text = (v: unknown, max = 4096) => (typeof v === 'string' ? v.slice(0, max) : '');
const whole = (v: unknown) => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : 0;
};

/** A row from one posted entry; undefined for something that is not an audit entry. */
export function auditRecordOf(entry: unknown): AuditRecord | undefined {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return undefined;
  const e = entry as Record<string, unknown>;
  const api = (e.api && typeof e.api === 'object' ? e.api : {}) as Record<string, unknown>;
  const time = Date.parse(text(e.time, 64));
  if (!Number.isFinite(time) || typeof api.name !== 'string' || api.name === '') return undefined;
  return {
    time: new Date(time).toISOString(),
    api_name: text(api.name, 256),
    bucket: text(api.bucket, 256),
    object: text(api.object, 1024),
    remote_host: text(e.remotehost, 256),
    request_id: text(e.requestID, 256),
    user_agent: text(e.userAgent, 1024),
    response_status: text(api.status, 256),
    response_status_code: whole(api.statusCode),
    request_content_length: whole(api.rx),
    response_content_length: whole(api.tx),
    time_to_response_ns: whole(api.timeToResponseInNS),
  };
}

/**
 * A page filter value in SQL LIKE form (escape character \): * is any run of characters, .
 * one character, \ takes the next character as it is; LIKE's own % and _ are literal.
 */
export function likePattern(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i] as string;
    if (ch === '\\' && i + 1 < value.length) {
      out += escapeLike(value[++i] as string);
    } else if (ch === '*') out += '%';
    else if (ch === '.') out += '_';
    else out += escapeLike(ch);
  }
  return out;
}

const escapeLike = (ch: string) => (ch === '%' || ch === '_' || ch === '\\' ? `\\${ch}` : ch);
