import { STATUS_CODES } from 'node:http';
import { parseQuery } from '../wire/query.js';
import type { HttpTrace } from './bus.js';

// MinIO's audit log entry (version 1), as audit_webhook targets receive it: one JSON object
// per request. Headers are the trace's, so signatures, tokens and cookies are redacted.

export interface AuditEntry {
  version: '1';
  deploymentid: string;
  time: string;
  trigger: 'incoming';
  api: {
    name: string;
    bucket?: string;
    object?: string;
    status: string;
    statusCode: number;
    rx: number;
    tx: number;
    timeToResponse: string;
    timeToResponseInNS: string;
  };
  remotehost: string;
  requestID: string;
  userAgent: string;
  requestPath: string;
  requestHost: string;
  requestQuery: Record<string, string>;
  requestHeader: Record<string, string>;
  responseHeader: Record<string, string>;
  tags: Record<string, never>;
  accessKey?: string;
  parentUser?: string;
}

const joined = (headers: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.join(',')]));

/** The API name MinIO logs: the operation without our protocol prefix ("s3.PutObject" → "PutObject"). */
export function auditApiName(api: string): string {
  const dot = api.indexOf('.');
  return dot < 0 ? api : api.slice(dot + 1);
}

export function auditEntry(t: HttpTrace, deploymentId: string): AuditEntry {
  const header = (name: string) => t.headers[name]?.join(',') ?? '';
  return {
    version: '1',
    deploymentid: deploymentId,
    time: t.time.toISOString(),
    trigger: 'incoming',
    api: {
      name: auditApiName(t.api),
      ...(t.bucket ? { bucket: t.bucket } : {}),
      ...(t.object ? { object: t.object } : {}),
      status: STATUS_CODES[t.status] ?? String(t.status),
      statusCode: t.status,
      rx: t.inputBytes,
      tx: t.outputBytes,
      timeToResponse: `${t.durationNs}ns`,
      timeToResponseInNS: String(t.durationNs),
    },
    remotehost: t.client,
    requestID: t.requestId,
    userAgent: header('user-agent'),
    requestPath: t.path,
    requestHost: header('host'),
    requestQuery: Object.fromEntries(parseQuery(t.rawQuery)),
    requestHeader: joined(t.headers),
    responseHeader: joined(t.responseHeaders),
    tags: {},
    ...(t.accessKey ? { accessKey: t.accessKey } : {}),
    ...(t.parentUser ? { parentUser: t.parentUser } : {}),
  };
}
