import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResponse } from '@stowage/contract';
import { API_PREFIX } from '@stowage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
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

/** Fastify's validator keeps one schema per $id; the contract names schemas for OpenAPI only. */
function withoutIds(schema: TSchema | undefined): object | undefined {
  if (!schema) return undefined;
  return JSON.parse(JSON.stringify(schema), (key, value) => (key === '$id' ? undefined : value));
}

function successStatus(route: RouteDef): number {
  const statuses = Object.keys(route.responses).map(Number);
  return statuses.find((s) => s >= 200 && s < 300) ?? 200;
}

export interface Binder {
  /** A route anyone may call (login). */
  open<R extends RouteDef>(route: R, handler: Handler<R, RouteContext<R>>): void;
  /** A route that needs a live session (and the CSRF header when it mutates). */
  authed<R extends RouteDef>(route: R, handler: Handler<R, AuthedContext<R>>): void;
}

export interface BinderDeps {
  app: FastifyInstance;
  basePath: string;
  authenticate: (request: FastifyRequest) => { session: Session; sessionId: string };
}

/**
 * Binds contract routes to handlers: the contract's schemas validate input, and every response
 * is checked against the contract before it leaves, so a drifting handler fails loudly.
 */
export function createBinder({ app, basePath, authenticate }: BinderDeps): Binder {
  const register = <R extends RouteDef>(
    route: R,
    run: (request: FastifyRequest, reply: FastifyReply) => Promise<RouteResponse<R>>,
  ) => {
    const status = successStatus(route);
    const responseSchema = route.responses[status];
    const checkResponse = responseSchema ? Compile(responseSchema) : undefined;
    app.route({
      method: route.method,
      url: basePath + API_PREFIX + route.path,
      schema: {
        params: withoutIds(route.params),
        querystring: withoutIds(route.query),
        body: withoutIds(route.body),
      },
      handler: async (request, reply) => {
        const result = await run(request, reply);
        if (checkResponse && !checkResponse.Check(result)) {
          const first = checkResponse.Errors(result)[0];
          throw new ApiError(
            'internal',
            `response of ${route.id} breaks the contract: ${first?.message ?? ''}`,
          );
        }
        reply.code(status);
        return status === 204 ? reply.send() : result;
      },
    });
  };
  const base = <R extends RouteDef>(request: FastifyRequest, reply: FastifyReply): RouteContext<R> => ({
    params: request.params as RouteParams<R>,
    query: request.query as RouteQuery<R>,
    body: request.body as RouteBody<R>,
    request,
    reply,
  });
  return {
    open: (route, handler) => register(route, (request, reply) => handler(base(request, reply))),
    authed: (route, handler) =>
      register(route, (request, reply) => handler({ ...base(request, reply), ...authenticate(request) })),
  };
}
