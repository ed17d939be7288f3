import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResponse } from '@stowage/contract';
import { API_PREFIX } from '@stowage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import Value from 'typebox/value';
import type { Session } from '../session/store.js';
import { ApiError } from './errors.js';

export interface RouteContext<R extends RouteDef> {
  params: RouteParams<R>;
  query: RouteQuery<R>;
  body: RouteBody<R>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface AuthedContext<R extends RouteDef> extends RouteContext<R> {
  session: Session;
  sessionId: string;
}

type Handler<R extends RouteDef, C> = (ctx: C) => Promise<RouteResponse<R>>;

type Part = 'params' | 'query' | 'body';

/**
 * Strict input checks from the contract: no coercion and no silently dropped fields in bodies
 * (Fastify's defaults do both); path and query strings are converted to the declared types.
 */
export function inputChecker(
  route: Pick<RouteDef, 'params' | 'query' | 'body'>,
): (request: FastifyRequest) => Record<Part, unknown> {
  const parts: [Part, TSchema | undefined, 'params' | 'query' | 'body'][] = [
    ['params', route.params, 'params'],
    ['query', route.query, 'query'],
    ['body', route.body, 'body'],
  ];
  const compiled = parts.map(([part, schema, source]) => ({
    part,
    schema,
    source,
    check: schema && Compile(schema),
  }));
  return (request) => {
    const out: Record<Part, unknown> = { params: undefined, query: undefined, body: undefined };
    for (const { part, schema, source, check } of compiled) {
      if (!schema || !check) continue;
      const raw = request[source];
      const value = part === 'body' ? raw : Value.Convert(schema, raw ?? {});
      if (!check.Check(value)) {
        const first = check.Errors(value)[0];
        const where = `${part}${first?.instancePath ?? ''}`;
        throw new ApiError('badRequest', `${where} ${first?.message ?? 'is invalid'}`);
      }
      out[part] = value;
    }
    return out;
  };
}

/**
 * Before login, anybody can read an answer: a failure of the server side names no address,
 * host or inner message (a network error says where the storage server or the directory is).
 * The detail goes to the console's log for the operator instead.
 */
function withoutServerDetail(err: unknown, request: FastifyRequest): unknown {
  if (!(err instanceof ApiError) || err.status < 500) return err;
  request.log.warn({ code: err.code }, err.detailedMessage);
  return new ApiError(err.code, PRE_LOGIN_DETAIL);
}

const PRE_LOGIN_DETAIL = 'the console could not complete the request; its log says why';

function successStatus(route: RouteDef): number {
  const statuses = Object.keys(route.responses).map(Number);
  return statuses.find((s) => s >= 200 && s < 300) ?? 200;
}

/** For handlers of 204 routes: run the work, answer nothing. */
export async function noContent(work: Promise<unknown>): Promise<undefined> {
  await work;
  return undefined;
}

export interface Binder {
  /** A route anyone may call (login). */
  open<R extends RouteDef>(route: R, handler: Handler<R, RouteContext<R>>): void;
  /** A route that needs a live session (and the CSRF header when it mutates). */
  authed<R extends RouteDef>(route: R, handler: Handler<R, AuthedContext<R>>): void;
  /** A route anyone may call that answers with a 302 to the URL its handler returns. */
  redirect<R extends RouteDef>(route: R, handler: (ctx: RouteContext<R>) => Promise<string>): void;
  /** A session route whose handler streams its own reply (the route declares media.response). */
  authedStream<R extends RouteDef>(route: R, handler: (ctx: AuthedContext<R>) => Promise<FastifyReply>): void;
}

export interface BinderDeps {
  app: FastifyInstance;
  basePath: string;
  authenticate: (request: FastifyRequest) => Promise<{ session: Session; sessionId: string }>;
}

/**
 * Binds contract routes to handlers: the contract's schemas validate input, and every response
 * is checked against the contract before it leaves, so a drifting handler fails loudly.
 */
export function createBinder({ app, basePath, authenticate }: BinderDeps): Binder {
  const register = <R extends RouteDef>(
    route: R,
    run: (
      request: FastifyRequest,
      reply: FastifyReply,
      input: () => Record<Part, unknown>,
    ) => Promise<RouteResponse<R>>,
  ) => {
    const status = successStatus(route);
    const responseSchema = route.responses[status];
    const checkResponse = responseSchema ? Compile(responseSchema) : undefined;
    const checkInput = inputChecker(route);
    app.route({
      method: route.method,
      url: basePath + API_PREFIX + route.path,
      handler: async (request, reply) => {
        const result = await run(request, reply, () => checkInput(request));
        // A streamed reply (a download) or a redirect has been sent by the handler itself.
        if (route.media?.response || reply.sent) return reply;
        if (checkResponse && !checkResponse.Check(result)) {
          const first = checkResponse.Errors(result)[0];
          throw new ApiError(
            'internal',
            `response of ${route.id} breaks the contract: ${first?.message ?? ''}`,
          );
        }
        reply.code(status);
        if (status === 204) return reply.send();
        // Fastify would send a bare string as text; the contract says JSON.
        if (typeof result === 'string') return reply.type('application/json').send(JSON.stringify(result));
        return result;
      },
    });
  };
  const base = <R extends RouteDef>(
    request: FastifyRequest,
    reply: FastifyReply,
    input: Record<Part, unknown>,
  ): RouteContext<R> => ({
    params: input.params as RouteParams<R>,
    query: input.query as RouteQuery<R>,
    body: input.body as RouteBody<R>,
    request,
    reply,
  });
  return {
    open: (route, handler) =>
      register(route, (request, reply, input) =>
        handler(base(request, reply, input())).catch((err: unknown) => {
          throw withoutServerDetail(err, request);
        }),
      ),
    redirect: (route, handler) =>
      register(route, async (request, reply, input) => {
        const url = await handler(base(request, reply, input())).catch((err: unknown) => {
          throw withoutServerDetail(err, request);
        });
        await reply.header('cache-control', 'no-store').redirect(url, 302);
        return undefined as RouteResponse<typeof route>;
      }),
    // The session is checked before the input, so an anonymous caller learns nothing from 400s.
    authed: (route, handler) =>
      register(route, async (request, reply, input) => {
        const auth = await authenticate(request);
        return handler({ ...base(request, reply, input()), ...auth });
      }),
    authedStream: (route, handler) => {
      if (!route.media?.response) throw new Error(`${route.id} does not declare a streamed response`);
      register(route, async (request, reply, input) => {
        const auth = await authenticate(request);
        await handler({ ...base(request, reply, input()), ...auth });
        return undefined as RouteResponse<typeof route>;
      });
    },
  };
}
