import { API_PREFIX, type RouteDef, routes } from '@stowage/contract';
import type { InjectOptions } from 'fastify';
import type { TSchema } from 'typebox';
import Value from 'typebox/value';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';

// A fuzz pass over every console API route: malformed, huge, deeply nested and wrongly typed
// JSON bodies, and odd path and query strings. Whatever arrives, the answer is a client error
// in the {message, detailedMessage} shape (or a success, when the odd input is still valid),
// never a 500, a crash or a hang.

/** Routes whose only input is "call me": nothing to fuzz, and calling them acts (restart). */
const NOTHING_TO_FUZZ = (r: RouteDef) => !r.params && !r.query && !r.body;

const LONG = 'x'.repeat(100_000);
const DEEP_ARRAY = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;

const PATH_VALUES = ['%00', '..%2F..%2Fetc', encodeURIComponent(LONG.slice(0, 5000)), '%E2%82', 'a%20b', '-'];
const QUERY_STRINGS = [
  '%zz=1',
  'prefix=%',
  'prefix[a]=1',
  'prefix=a&prefix=b',
  `prefix=${LONG}`,
  'limit=-1',
  'limit=1e309',
  'limit=NaN',
  'recursive=maybe',
  `${'a=1&'.repeat(2000)}b=2`,
];
const WRONG_VALUES: unknown[] = [null, 0, -1, 1e308, '', LONG, true, [], [[]], {}, { $ne: 1 }];

interface Case {
  name: string;
  request: InjectOptions;
}

function pathOf(route: RouteDef, value = 'fuzz'): string {
  return API_PREFIX + route.path.replace(/:[A-Za-z]+/g, value);
}

/** A body that passes the route's schema, to break one property at a time. */
function validSample(schema: TSchema): unknown {
  try {
    return Value.Create(schema);
  } catch {
    return {};
  }
}

function casesFor(route: RouteDef): Case[] {
  const url = pathOf(route);
  const cases: Case[] = [];
  const send = (name: string, request: Partial<InjectOptions>) =>
    cases.push({ name, request: { method: route.method, url, ...request } });
  if (route.params)
    for (const value of PATH_VALUES) send(`path ${value.slice(0, 20)}`, { url: pathOf(route, value) });
  for (const query of QUERY_STRINGS) send(`query ${query.slice(0, 20)}`, { url: `${url}?${query}` });
  if (route.method === 'GET' || route.method === 'DELETE') return cases;
  const json = { 'content-type': 'application/json' };
  for (const raw of ['{', '{"a":', 'nul', '"\\ud800"', '{"a":1}}', DEEP_ARRAY, DEEP_OBJECT, `"${LONG}"`])
    send(`raw ${raw.slice(0, 12)}`, { headers: json, payload: raw });
  send('huge', { headers: json, payload: JSON.stringify({ a: 'x'.repeat(2 * 1024 * 1024) }) });
  send('text/plain', { headers: { 'content-type': 'text/plain' }, payload: '{}' });
  send('no content type', { payload: Buffer.from('{}') });
  for (const value of [null, [], 1, 'str', true])
    send(`body ${JSON.stringify(value)}`, { payload: value as never });
  if (route.body) {
    const sample = validSample(route.body);
    if (sample && typeof sample === 'object' && !Array.isArray(sample)) {
      for (const key of Object.keys(sample))
        for (const wrong of WRONG_VALUES)
          send(`${key}=${JSON.stringify(wrong)?.slice(0, 12)}`, {
            payload: { ...(sample as object), [key]: wrong } as never,
          });
      send('extra property', { payload: { ...(sample as object), __proto__x: 1, constructor: {} } as never });
    }
  }
  return cases;
}

let h: Harness;
let root: LoggedIn;
beforeAll(async () => {
  h = await startHarness();
  await storeS3(h.storeUrl).makeBucket('fuzz');
  await storeS3(h.storeUrl).putObject('fuzz', 'fuzz', 'fuzz');
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
}, 60_000);
afterAll(async () => h?.close());

const fuzzed = Object.values(routes as Record<string, RouteDef>).filter(
  (r) => !NOTHING_TO_FUZZ(r) && r.id !== 'logout',
);

test('every route has cases', () => {
  expect(fuzzed.length).toBeGreaterThan(70);
});

test.each(fuzzed.map((r) => [r.id, r] as const))(
  '%s answers odd input with a client error in the API shape',
  async (_id, route) => {
    const alive = await h.app.inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { cookie: root.cookie },
    });
    if (alive.statusCode !== 200) root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
    const failures: string[] = [];
    for (const { name, request } of casesFor(route)) {
      const headers = {
        ...(request.headers as Record<string, string> | undefined),
        ...(route.auth ? { cookie: root.cookie, 'x-csrf-token': root.csrf } : {}),
      };
      const res = await h.app.inject({ ...request, headers });
      if (res.statusCode >= 500) failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400 && !route.media?.response) {
        const body = res.json();
        const shaped =
          Object.keys(body).sort().join() === 'detailedMessage,message' &&
          typeof body.message === 'string' &&
          typeof body.detailedMessage === 'string';
        if (!shaped)
          failures.push(`${name}: ${res.statusCode} not in the error shape: ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  },
  120_000,
);

test('the console still answers after the whole pass', async () => {
  const res = await h.app.inject({ method: 'GET', url: '/api/v1/login' });
  expect(res.statusCode).toBe(200);
});
