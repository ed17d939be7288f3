import type { IncomingMessage } from 'node:http';
import {
  amzDate,
  canonicalHeaders,
  canonicalQuery,
  canonicalRequest,
  canonicalUri,
  type Scope,
  scopeString,
  signature,
  stringToSign,
  UNSIGNED_PAYLOAD,
} from '@stowage/madmin';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/http/context.js';
import type { Identity } from '../../src/iam/credentials.js';
import { verifyPresigned } from '../../src/s3/auth/presigned.js';
import { verifyHeaderAuth } from '../../src/s3/auth/signature-v4.js';
import { ApiError, type ErrorCode } from '../../src/wire/errors.js';
import { parseQuery, percentDecode } from '../../src/wire/query.js';
import { type Rng, rng } from './rng.js';

// The SigV4 verifiers against random, correctly signed requests: the request as signed is
// always accepted, and any single mutation of a signed part (a header value, the query, a
// path byte, the date, the scope, the signature, the method) is refused with an
// authentication error, never accepted and never a crash.

const NOW = new Date('2026-11-22T06:00:00Z');
const ROOT: Identity = {
  accessKey: 'fuzz-root',
  secretKey: 'fuzz-root-secret',
  kind: 'root',
  parent: 'fuzz-root',
};
const OTHER: Identity = {
  accessKey: 'fuzz-other',
  secretKey: 'fuzz-other-secret',
  kind: 'root',
  parent: 'fuzz-other',
};
const opts = {
  service: 's3' as const,
  region: 'us-east-1',
  lookup: (ak: string) => [ROOT, OTHER].find((i) => i.accessKey === ak),
  now: NOW,
  client: '192.0.2.1',
  guard: { admit() {}, failed() {} },
};
const REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'SignatureDoesNotMatch',
  'AccessDenied',
  'AuthorizationHeaderMalformed',
  'AuthorizationQueryParametersError',
  'RequestTimeTooSkewed',
  'InvalidAccessKeyId',
  'XAmzContentSHA256Mismatch',
]);

interface Req {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
}

const ALNUM = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];
const KEY_CHARS = [...ALNUM, '/', '-', '_', '.', '~', '%20', '%2B', '%C3%A9', '%E2%98%83', '!', '(', ')'];

function randomRequest(r: Rng): Req {
  const query = Array.from(
    { length: r.int(0, 3) },
    () => `${r.pick(['prefix', 'uploadId', 'x-id', 'tagging'])}=${r.string(KEY_CHARS, r.int(1, 6))}`,
  );
  const headers: Record<string, string> = { host: `127.0.0.1:${r.int(1, 65535)}` };
  if (r.bool()) headers['content-type'] = r.pick(['text/plain', 'application/octet-stream']);
  if (r.bool()) headers['x-amz-meta-fuzz'] = r.string(ALNUM, r.int(1, 20));
  if (r.bool()) headers.range = `bytes=0-${r.int(0, 999)}`;
  return {
    method: r.pick(['GET', 'PUT', 'POST', 'DELETE', 'HEAD']),
    path: `/bucket-${r.int(0, 9)}/${r.string(KEY_CHARS, r.int(1, 16))}`,
    query: query.join('&'),
    headers,
  };
}

function canonical(req: Req, signedNames: string[], payloadHash: string): string {
  return canonicalRequest({
    method: req.method,
    canonicalUri: canonicalUri(percentDecode(req.path, false) ?? ''),
    canonicalQuery: canonicalQuery(parseQuery(req.query)),
    canonicalHeaders: canonicalHeaders(req.headers, signedNames),
    signedHeaders: signedNames,
    payloadHash,
  });
}

/** Signs with an Authorization header. */
function signHeader(req: Req, r: Rng): Req {
  const date = amzDate(NOW);
  const headers = {
    ...req.headers,
    'x-amz-date': date,
    'x-amz-content-sha256': r.bool(0.3) ? UNSIGNED_PAYLOAD : r.bytes(32).toString('hex'),
  };
  const signed = Object.keys(headers).sort();
  const scope: Scope = { date: date.slice(0, 8), region: 'us-east-1', service: 's3' };
  const creq = canonical({ ...req, headers }, signed, headers['x-amz-content-sha256']);
  const sig = signature(ROOT.secretKey, scope, stringToSign(date, scope, creq));
  const authorization = `AWS4-HMAC-SHA256 Credential=${ROOT.accessKey}/${scopeString(scope)}, SignedHeaders=${signed.join(';')}, Signature=${sig}`;
  return { ...req, headers: { ...headers, authorization } };
}

/** Signs as a presigned URL (only host signed, as most SDKs do). */
function signQuery(req: Req, r: Rng): Req {
  const date = amzDate(NOW);
  const scope: Scope = { date: date.slice(0, 8), region: 'us-east-1', service: 's3' };
  const params = [
    `X-Amz-Algorithm=AWS4-HMAC-SHA256`,
    `X-Amz-Credential=${encodeURIComponent(`${ROOT.accessKey}/${scopeString(scope)}`)}`,
    `X-Amz-Date=${date}`,
    `X-Amz-Expires=${r.int(60, 604800)}`,
    'X-Amz-SignedHeaders=host',
  ];
  const headers = { host: req.headers.host ?? '' };
  const unsigned = { ...req, headers, query: [req.query, ...params].filter((p) => p !== '').join('&') };
  const creq = canonical(unsigned, ['host'], UNSIGNED_PAYLOAD);
  const sig = signature(ROOT.secretKey, scope, stringToSign(date, scope, creq));
  return { ...unsigned, query: `${unsigned.query}&X-Amz-Signature=${sig}` };
}

function fakeRequest(req: Req): IncomingMessage {
  const url = req.query === '' ? req.path : `${req.path}?${req.query}`;
  return {
    method: req.method,
    url,
    headers: { ...req.headers },
    rawHeaders: Object.entries(req.headers).flat(),
  } as unknown as IncomingMessage;
}

const verifyHeader = (req: Req) => verifyHeaderAuth(createContext(fakeRequest(req), NOW), opts);
const verifyQuery = (req: Req) => verifyPresigned(createContext(fakeRequest(req), NOW), opts);

/** A character of `s` (outside %XX escapes) replaced by a different alphanumeric one. */
function changeChar(r: Rng, s: string, from = 0): string {
  const spots = [...s.matchAll(/%[0-9A-Fa-f]{2}|[A-Za-z0-9]/g)].filter(
    (m) => m[0].length === 1 && m.index >= from,
  );
  if (spots.length === 0) return `${s}x`;
  const at = r.pick(spots).index;
  const c = r.pick(ALNUM.filter((a) => a !== s[at]));
  return s.slice(0, at) + c + s.slice(at + 1);
}

const shiftDate = (r: Rng, d: string) => {
  const t = Date.parse(
    `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}T${d.slice(9, 11)}:${d.slice(11, 13)}:${d.slice(13, 15)}Z`,
  );
  return amzDate(new Date(t + r.pick([-1, 1]) * r.int(1, 3 * 86400) * 1000));
};

type Mutation = (r: Rng, req: Req) => Req;
const withHeader = (req: Req, name: string, value: string): Req => ({
  ...req,
  headers: { ...req.headers, [name]: value },
});

const COMMON: Record<string, Mutation> = {
  path: (r, req) => ({ ...req, path: changeChar(r, req.path, 1) }),
  'path slash': (r, req) => ({
    ...req,
    path: req.path.replace(/\/(?=[^/]*$)/, r.pick(['//', '/./', '/a/'])),
  }),
  'query value': (r, req) => {
    const pairs = req.query.split('&');
    const i = r.int(0, pairs.length - 1);
    pairs[i] = changeChar(r, pairs[i]!);
    return { ...req, query: pairs.join('&') };
  },
  'query added': (r, req) => ({
    ...req,
    query: `${req.query}&${r.pick(['versionId', 'acl', 'Prefix'])}=${r.int(0, 9)}`,
  }),
  method: (r, req) => ({
    ...req,
    method: r.pick(['GET', 'PUT', 'POST', 'DELETE', 'HEAD'].filter((m) => m !== req.method)),
  }),
  host: (r, req) => withHeader(req, 'host', changeChar(r, req.headers.host ?? '')),
};

const HEADER_MUTATIONS: Record<string, Mutation> = {
  ...COMMON,
  'signed header value': (r, req) => {
    const names = Object.keys(req.headers).filter((n) => n !== 'authorization');
    const name = r.pick(names);
    return withHeader(req, name, changeChar(r, req.headers[name] ?? ''));
  },
  'signed header dropped': (r, req) => {
    const name = r.pick(Object.keys(req.headers).filter((n) => n !== 'authorization' && n !== 'host'));
    const { [name]: _dropped, ...headers } = req.headers;
    return { ...req, headers };
  },
  date: (r, req) => withHeader(req, 'x-amz-date', shiftDate(r, req.headers['x-amz-date'] ?? '')),
  'scope part': (r, req) => {
    const auth = req.headers.authorization ?? '';
    const [from, to] = r.pick([
      ['/us-east-1/', r.pick(['/eu-west-1/', '//', '/US-EAST-1/'])],
      ['/s3/', r.pick(['/sts/', '/S3/', '/s4/'])],
      ['/aws4_request', '/aws4_reqest'],
      [`=${ROOT.accessKey}/`, r.pick([`=${OTHER.accessKey}/`, '=nobody/', '=/'])],
      [
        `/${amzDate(NOW).slice(0, 8)}/`,
        `/${amzDate(new Date(NOW.getTime() + r.pick([-1, 1]) * r.int(1, 3) * 86400_000)).slice(0, 8)}/`,
      ],
    ] as const);
    return withHeader(req, 'authorization', auth.replace(from, to));
  },
  signature: (r, req) => {
    const auth = req.headers.authorization ?? '';
    const at = auth.indexOf('Signature=') + 10;
    const sig = auth.slice(at);
    const bad = r.pick([
      () => changeChar(r, sig).replace(/[^0-9a-f]/g, (c) => (c === 'x' ? 'f' : '0')),
      () => sig.slice(0, r.int(0, 63)),
      () => sig.toUpperCase(),
      () => `${sig}0`,
    ])();
    return withHeader(req, 'authorization', auth.slice(0, at) + (bad === sig ? `${sig}0` : bad));
  },
};

const QUERY_MUTATIONS: Record<string, Mutation> = {
  ...COMMON,
  'auth parameter': (r, req) => {
    const pairs = req.query.split('&');
    const idx = pairs.map((p, i) => [p, i] as const).filter(([p]) => p.startsWith('X-Amz-'));
    const [pair, i] = r.pick(idx);
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    const next = name === 'X-Amz-Date' ? shiftDate(r, value) : changeChar(r, value);
    pairs[i] = `${name}=${next === value ? `${value}0` : next}`;
    return { ...req, query: pairs.join('&') };
  },
  'auth parameter dropped': (r, req) => {
    const pairs = req.query.split('&');
    const auth = pairs.filter((p) => p.startsWith('X-Amz-'));
    const drop = r.pick(auth);
    return { ...req, query: pairs.filter((p) => p !== drop).join('&') };
  },
};

function expectRefused(verify: (req: Req) => unknown, req: Req, label: string): string {
  try {
    verify(req);
  } catch (err) {
    if (!(err instanceof ApiError)) throw new Error(`${label}: crashed with ${String(err)}`);
    expect(REFUSALS.has(err.code), `${label}: ${err.code}`).toBe(true);
    return err.code;
  }
  throw new Error(`${label}: a mutated request was accepted: ${JSON.stringify(req)}`);
}

function run(
  seed: number,
  sign: (req: Req, r: Rng) => Req,
  verify: (req: Req) => unknown,
  mutations: Record<string, Mutation>,
) {
  const r = rng(seed);
  const codes = new Set<string>();
  const names = Object.keys(mutations);
  for (let i = 0; i < 1500; i++) {
    const req = sign(randomRequest(r), r);
    expect(() => verify(req), `#${i} as signed`).not.toThrow();
    const name = names[i % names.length]!;
    codes.add(expectRefused(verify, mutations[name]!(r, req), `#${i} ${name}`));
  }
  return codes;
}

describe('SigV4 verifier fuzz', () => {
  it('Authorization header: signed requests pass, every mutation is refused (seed 1122, 1500)', () => {
    const codes = run(1122, signHeader, verifyHeader, HEADER_MUTATIONS);
    expect(codes).toContain('SignatureDoesNotMatch');
    expect(codes).toContain('AuthorizationHeaderMalformed');
  });

  it('presigned URL: signed requests pass, every mutation is refused (seed 2211, 1500)', () => {
    const codes = run(2211, signQuery, verifyQuery, QUERY_MUTATIONS);
    expect(codes).toContain('SignatureDoesNotMatch');
    expect(codes).toContain('AccessDenied');
    expect(codes).toContain('AuthorizationQueryParametersError');
  });
});
