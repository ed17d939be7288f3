import { auditApiName } from '../observe/audit.js';
import type { Logger, RequestInfo } from '../observe/logger.js';
import type { RequestContext } from './context.js';

/** The request as log entries name it (MinIO's ReqInfo), read when the entry is made. */
export function requestInfo(ctx: RequestContext): RequestInfo {
  const agent = ctx.headers['user-agent'];
  return {
    api: auditApiName(ctx.api ?? 'unknown'),
    requestId: ctx.requestId,
    remoteHost: ctx.client,
    host: ctx.host,
    userAgent: typeof agent === 'string' ? agent : '',
    ...(ctx.bucket ? { bucket: ctx.bucket } : {}),
    ...(ctx.object ? { object: ctx.object } : {}),
  };
}

/** `log` with its entries naming the request (undefined without a log). */
export function requestLog(log: Logger, ctx: RequestContext): Logger;
export function requestLog(log: Logger | undefined, ctx: RequestContext): Logger | undefined;
export function requestLog(log: Logger | undefined, ctx: RequestContext): Logger | undefined {
  return log?.forRequest(requestInfo(ctx));
}
