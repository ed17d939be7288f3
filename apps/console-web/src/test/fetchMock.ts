import { API_PREFIX, type RouteDef, type RouteResponse } from '@stowage/contract';
import { vi } from 'vitest';
import { contractProblem } from './contractReply.js';

export interface RecordedCall {
  method: string;
  /** Path and query, as the app asked for it (base path included). */
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** What a handler answers: a status and JSON body, a Response, or a thrown network error. */
export type Reply =
  | {
      status?: number;
      body?: unknown;
      /** Why this reply leaves the contract on purpose (robustness tests); it is then not checked. */
      offContract?: string;
    }
  | Response;
type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

export const networkFailure = (): never => {
  throw new TypeError('Failed to fetch');
};

/** Contract breaks of replies computed during a test; setup.ts fails the test on any. */
const computedProblems: string[] = [];

/** Empties the list of contract breaks, returning what it held. */
export function takeContractProblems(): string[] {
  return computedProblems.splice(0);
}

/** Throws when a fixed reply breaks the contract of the route its key names. */
function checkFixture(key: string, handler: Handler) {
  if (typeof handler === 'function' || handler instanceof Response || handler.offContract) return;
  const [method = '', path = ''] = key.split(' ');
  const problem = contractProblem(
    method,
    path,
    handler.status ?? (handler.body === undefined ? 204 : 200),
    handler.body,
  );
  if (problem) throw new Error(`mockApi '${key}': ${problem}`);
}

/**
 * Stubs globalThis.fetch with a table keyed 'METHOD /api/v1/path' (query ignored). Unknown
 * calls answer 501 so a missing mock shows up as a visible error, and are recorded too. Each
 * reply is checked against the contract route its key names (see contractReply.ts): a fixed
 * one when registered, a computed one when it is sent.
 */
export function mockApi(table: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  for (const [key, handler] of Object.entries(table)) checkFixture(key, handler);
  const routes = new Map(Object.entries(table));

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: RecordedCall = { method, url, headers, body };
    calls.push(call);
    const path = new URL(url, 'http://localhost').pathname;
    const handler = routes.get(`${method} ${path}`);
    if (handler === undefined)
      return json(501, { message: `unmocked ${method} ${path}`, detailedMessage: '' });
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    if (reply instanceof Response) return reply;
    if (typeof handler === 'function' && !reply.offContract) {
      const status = reply.status ?? (reply.body === undefined ? 204 : 200);
      const problem = contractProblem(method, path, status, reply.body);
      if (problem) computedProblems.push(`${method} ${path}: ${problem}`);
    }
    return reply.body === undefined
      ? new Response(null, { status: reply.status ?? 204 })
      : json(reply.status ?? 200, reply.body);
  });

  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    /** Replace or add a route mid-test. */
    set(key: string, handler: Handler) {
      checkFixture(key, handler);
      routes.set(key, handler);
    },
    callsTo(key: string) {
      const [method, path] = key.split(' ');
      return calls.filter((c) => c.method === method && new URL(c.url, 'http://localhost').pathname === path);
    },
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * A mock table entry typed by the contract route it answers: the key from the route's method and
 * path (`params` fill its `:name` parts), the body typed as the route's success response.
 */
export function answer<R extends RouteDef>(
  route: R,
  body: RouteResponse<R>,
  params: Record<string, string> = {},
): [string, Reply] {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  return [`${route.method} ${API_PREFIX}${path}`, body === undefined ? { status: 204 } : { body }];
}

/** A promise the test resolves later, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A POST /has-permission handler: each asked id (`action` or `action@bucket`) answered by `can`. */
export const permissionsReply =
  (can: (id: string) => boolean = () => true) =>
  (call: RecordedCall): Reply => {
    const { actions } = call.body as { actions: { id: string }[] };
    return { body: { permissions: actions.map(({ id }) => ({ id, can: can(id) })) } };
  };
