import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ApiError } from '../s3/errors.js';
import { settleBody } from './body.js';
import { clientError, trackRequest } from './client-error.js';
import { createContext, type RequestContext } from './context.js';
import type { Reply } from './reply.js';
import { writeReply } from './writer.js';

/** A wire protocol served by the store (S3, STS, admin): handles requests, renders its errors. */
export interface Protocol {
  handle(ctx: RequestContext): Promise<Reply>;
  errorReply(err: ApiError, ctx: RequestContext): Reply;
}

export type Log = (line: string) => void;

/** Turns anything thrown into a catalogue error; unexpected ones are logged, not shown. */
export function toApiError(
  err: unknown,
  toCatalogue: (err: unknown) => ApiError | undefined,
  log: Log,
): ApiError {
  if (err instanceof ApiError) return err;
  const mapped = toCatalogue(err);
  if (mapped) return mapped;
  log(`internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return new ApiError('InternalError');
}

export interface ServerDeps {
  select(ctx: RequestContext): Protocol;
  mapError(err: unknown): ApiError | undefined;
  log: Log;
}

async function serve(deps: ServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const ctx = createContext(req);
  const protocol = deps.select(ctx);
  let reply: Reply;
  let close = false;
  try {
    reply = await protocol.handle(ctx);
  } catch (err) {
    reply = protocol.errorReply(toApiError(err, deps.mapError, deps.log), ctx);
    close = !(await settleBody(req));
  }
  await writeReply(res, ctx, reply, { close });
  if (close) res.once('finish', () => req.socket.destroySoon());
}

export function createHttpServer(deps: ServerDeps): Server {
  const server = createServer((req, res) => {
    const done = trackRequest(req);
    serve(deps, req, res)
      .catch((err: unknown) => {
        deps.log(`response failed: ${err instanceof Error ? err.message : String(err)}`);
        res.destroy();
      })
      .finally(done);
  });
  server.on('clientError', clientError);
  // Clients keep connections alive between calls; don't let idle ones hold close() up.
  server.keepAliveTimeout = 5000;
  return server;
}
