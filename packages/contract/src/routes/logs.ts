import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// Audit log search (spec 002 §2.10 "Audit Logs", §7 /logs/search): the storage server's audit
// webhook posts one entry per request to the console, which keeps them and answers searches.

export const AUDIT_FILTER_KEYS = [
  'bucket',
  'object',
  'api_name',
  'request_id',
  'user_agent',
  'response_status',
] as const;
export type AuditFilterKey = (typeof AUDIT_FILTER_KEYS)[number];

export const AuditRecord = Type.Object(
  {
    time: Type.String(),
    api_name: Type.String(),
    bucket: Type.String(),
    object: Type.String(),
    remote_host: Type.String(),
    request_id: Type.String(),
    user_agent: Type.String(),
    response_status: Type.String(),
    response_status_code: Type.Integer(),
    request_content_length: Type.Integer(),
    response_content_length: Type.Integer(),
    time_to_response_ns: Type.Integer(),
  },
  { $id: 'AuditRecord' },
);
export type AuditRecord = Static<typeof AuditRecord>;

/** The record's fields in the order the database, the table and the exports use. */
export const AUDIT_RECORD_FIELDS = Object.keys(AuditRecord.properties) as (keyof AuditRecord)[];

const FilterPair = Type.String({
  pattern: `^(${AUDIT_FILTER_KEYS.join('|')}):`,
  maxLength: 1100,
});

export const LogSearchQuery = Type.Object(
  {
    q: Type.Optional(Type.Literal('reqinfo')),
    /** key:value filters, all applied; values take * (any run), . (one character) and \ (escape). */
    fp: Type.Optional(Type.Union([FilterPair, Type.Array(FilterPair, { maxItems: 6 })])),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    pageNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
    order: Type.Optional(Type.Union([Type.Literal('timeDesc'), Type.Literal('timeAsc')])),
    timeStart: Type.Optional(Type.String({ format: 'date-time' })),
    timeEnd: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { $id: 'LogSearchQuery' },
);
export type LogSearchQuery = Static<typeof LogSearchQuery>;

export const LogSearchResponse = Type.Object(
  { results: Type.Array(AuditRecord) },
  { $id: 'LogSearchResponse' },
);

export const searchLogs = defineRoute({
  id: 'searchLogs',
  method: 'GET',
  path: '/logs/search',
  summary: 'Search the audit log: filters, a time window, pages of pageSize in time order',
  tag: 'logs',
  auth: true,
  query: LogSearchQuery,
  responses: { 200: LogSearchResponse, ...CALL_ERRORS, 404: ApiErrorBody },
});

/** What the server's audit webhook posts: one entry, or a batch of them. */
export const AuditIngestBody = Type.Union([
  Type.Object({}, { additionalProperties: true }),
  Type.Array(Type.Object({}, { additionalProperties: true }), { maxItems: 10_000 }),
]);

export const ingestAuditLog = defineRoute({
  id: 'ingestAuditLog',
  method: 'POST',
  path: '/audit/ingest',
  summary:
    "The storage server's audit webhook target (audit_webhook endpoint); authorised by its auth_token, not a session",
  tag: 'logs',
  auth: false,
  body: AuditIngestBody,
  responses: { 204: null, 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody },
});
