import { API_PREFIX, ApiErrorBody, type RouteDef, routes } from '@stowage/contract';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

// Test fixtures answer contract routes: each mocked body is checked against the schema the
// route declares for its status, so a fixture that drifts from the contract fails its test
// instead of passing against a shape the server never sends.

interface Pattern {
  route: RouteDef;
  regex: RegExp;
  params: number;
}

const PATTERNS: Pattern[] = Object.values(routes as Record<string, RouteDef>)
  .map((route) => {
    const source = route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+');
    return {
      route,
      regex: new RegExp(`^${API_PREFIX}${source}$`),
      params: (route.path.match(/:/g) ?? []).length,
    };
  })
  // A literal segment wins over a parameter (`/buckets/names` before `/buckets/:name`).
  .sort((a, b) => a.params - b.params);

/** The contract route a mock key ('METHOD /api/v1/path') answers, or undefined for none. */
export function routeFor(method: string, path: string): RouteDef | undefined {
  return PATTERNS.find((p) => p.route.method === method && p.regex.test(path))?.route;
}

/**
 * Why `body` (answered with `status`) breaks the contract of `METHOD path`, or undefined when it
 * fits. Paths outside the console API (a presigned download, the page itself) are not checked.
 */
export function contractProblem(
  method: string,
  path: string,
  status: number,
  body: unknown,
): string | undefined {
  if (!path.startsWith(`${API_PREFIX}/`)) return undefined;
  const route = routeFor(method, path);
  if (!route) return `${method} ${path} is not a route of the contract`;
  if (route.media?.response === 'application/octet-stream' && status < 300) return undefined;
  // Any call can fail with the server's catch-all error (an unexpected exception, a peer that
  // did not answer): a 5xx the route does not list still has the console's error body.
  const declared = status in route.responses;
  if (!declared && status < 500)
    return `${route.id} (${method} ${route.path}) declares no ${status} response`;
  const schema = declared ? (route.responses as Record<number, TSchema | null>)[status] : ApiErrorBody;
  if (schema === null || schema === undefined)
    return body === undefined ? undefined : `${route.id} answers ${status} with an empty body`;
  if (body === undefined) return `${route.id} answers ${status} without the body the contract declares`;
  if (Value.Check(schema, body)) return undefined;
  const errors = [...Value.Errors(schema, body)]
    .slice(0, 5)
    .map((e) => `${(e as { instancePath?: string }).instancePath || '/'} ${e.message}`);
  return `${route.id} ${status} fixture breaks the contract: ${errors.join('; ')}`;
}
