import type { Static, TSchema } from 'typebox';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** One console API call, defined once: server validation, web types and openapi.json derive from it. */
export interface RouteDef<
  Params extends TSchema | undefined = TSchema | undefined,
  Query extends TSchema | undefined = TSchema | undefined,
  Body extends TSchema | undefined = TSchema | undefined,
  Responses extends Record<number, TSchema | null> = Record<number, TSchema | null>,
> {
  /** Unique, used as the OpenAPI operationId and the web hook's name stem. */
  id: string;
  method: HttpMethod;
  /** Path below /api/v1, with `:name` parameters (Fastify syntax). */
  path: string;
  summary: string;
  tag: string;
  /** false for the few calls that work without a session (login). */
  auth: boolean;
  params?: Params;
  query?: Query;
  body?: Body;
  /** Status -> body schema; null means an empty body. */
  responses: Responses;
  /**
   * Bodies that are not JSON: an upload takes multipart/form-data; a download answers with the
   * object's bytes (its 200 schema then describes nothing, the handler streams the reply).
   */
  media?: { request?: 'multipart/form-data'; response?: 'application/octet-stream' };
}

export function defineRoute<
  Params extends TSchema | undefined = undefined,
  Query extends TSchema | undefined = undefined,
  Body extends TSchema | undefined = undefined,
  Responses extends Record<number, TSchema | null> = Record<number, TSchema | null>,
>(def: RouteDef<Params, Query, Body, Responses>): RouteDef<Params, Query, Body, Responses> {
  return def;
}

export const API_PREFIX = '/api/v1';

/** The static type of an optional schema slot; undefined when the route has none. */
export type StaticOf<T> = [Exclude<T, undefined | null>] extends [never]
  ? undefined
  : Exclude<T, undefined | null> extends TSchema
    ? Static<Exclude<T, undefined | null>>
    : undefined;

export type RouteParams<R extends RouteDef> = StaticOf<R['params']>;
export type RouteQuery<R extends RouteDef> = StaticOf<R['query']>;
export type RouteBody<R extends RouteDef> = StaticOf<R['body']>;
/** The body of the route's success response (200, else 201; 204 means none). */
export type RouteResponse<R extends RouteDef> = 200 extends keyof R['responses']
  ? StaticOf<R['responses'][200]>
  : 201 extends keyof R['responses']
    ? StaticOf<R['responses'][201]>
    : undefined;
