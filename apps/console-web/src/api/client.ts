import { API_PREFIX, type HttpMethod, type RouteDef } from '@stowage/contract';
import type { Static, TSchema } from 'typebox';
import { ApiError, networkError, toApiError } from './ApiError.js';
import { getBasePath } from './basePath.js';
import { endSession } from './sessionEvents.js';
import { getToken } from './token.js';

type AnyRoute = RouteDef<
  TSchema | undefined,
  TSchema | undefined,
  TSchema | undefined,
  Record<number, TSchema | null>
>;

/** A route part is required when the contract defines its schema, forbidden otherwise. */
type Part<K extends string, S> = [S] extends [TSchema] ? { [P in K]: Static<S> } : { [P in K]?: never };

export type ApiInput<R> =
  R extends RouteDef<infer P, infer Q, infer B, Record<number, TSchema | null>>
    ? Part<'params', P> & Part<'query', Q> & Part<'body', B> & { signal?: AbortSignal }
    : never;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The body of the route's 2xx response; `undefined` for an empty (null-schema) one. */
export type ApiResponse<R> = R extends { responses: infer Res }
  ? {
      [K in keyof Res]: K extends SuccessStatus
        ? Res[K] extends TSchema
          ? Static<Res[K]>
          : undefined
        : never;
    }[keyof Res]
  : never;

type InputArgs<R> = object extends ApiInput<R> ? [input?: ApiInput<R>] : [input: ApiInput<R>];

type QueryValue = string | number | boolean | undefined | readonly (string | number | boolean)[];

export interface ApiRequest {
  method: HttpMethod;
  /** Below /api/v1, parameters already filled in. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Whether the call needs a session: only then does a 401 end it (a bad login is a 401 too). */
  auth: boolean;
  signal?: AbortSignal;
}

const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** Call a contract route: typed input, typed response. */
export async function callApi<R extends AnyRoute>(
  route: R,
  ...[input]: InputArgs<R>
): Promise<ApiResponse<R>> {
  const parts = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(String(parts.params?.[name] ?? '')),
  );
  const result = await apiRequest({
    method: route.method,
    path,
    query: parts.query,
    body: parts.body,
    auth: route.auth,
    signal: parts.signal,
  });
  return result as ApiResponse<R>;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const qs = search.toString();
  return `${getBasePath()}${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}

/** The one place that talks to the console API; features call it through `callApi`. */
export async function apiRequest(req: ApiRequest): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  const csrf = getToken();
  if (MUTATING.has(req.method) && req.auth && csrf) headers['X-CSRF-Token'] = csrf;

  let res: Response;
  try {
    res = await fetch(apiUrl(req.path, req.query), {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      credentials: 'same-origin',
      signal: req.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    // No status at all: spec 000 §8 treats it like a 401.
    if (req.auth) endSession();
    throw networkError();
  }

  if (res.status === 401 && req.auth) endSession();
  const text = await res.text();
  const payload = parseJson(text);
  if (!res.ok) throw toApiError(res.status, payload);
  if (text && payload === undefined) throw toApiError(res.status, undefined);
  return payload;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export { ApiError };
