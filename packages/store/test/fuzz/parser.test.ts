import { describe, expect, it } from 'vitest';
import { parseS3Request, type S3Operation } from '../../src/s3/router.js';
import { ApiError, ERROR_CATALOGUE } from '../../src/wire/errors.js';
import { parseQuery, percentDecode } from '../../src/wire/query.js';
import { type Rng, rng } from './rng.js';

// parseS3Request over random requests: it returns a typed operation or throws an ApiError
// from the catalogue, nothing else, and is pure (same input, same answer). Documented
// requests sent with equivalent encodings (escaped unreserved characters, reordered and
// extra query parameters) parse to exactly the operation of their plain form.

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'TRACE', 'get', ''];
const PATH_CHARS = [
  'a',
  'Z',
  '0',
  '/',
  '/',
  '.',
  '..',
  '%',
  '%2F',
  '%00',
  '%C3%28',
  '%e2%80%ae',
  'é',
  '☃',
  '😀',
  ' ',
  '+',
  '~',
  '?',
  '#',
  '\u202e',
  '\u0000',
  '\\',
];
const SUBRESOURCES = [
  'uploads',
  'uploadId',
  'partNumber',
  'versioning',
  'tagging',
  'policy',
  'policyStatus',
  'cors',
  'lifecycle',
  'object-lock',
  'encryption',
  'replication',
  'notification',
  'location',
  'delete',
  'list-type',
  'max-keys',
  'encoding-type',
  'prefix',
  'delimiter',
  'marker',
  'start-after',
  'continuation-token',
  'max-parts',
  'part-number-marker',
  'max-uploads',
  'versions',
  'website',
  'acl',
  'response-content-type',
  'x',
];
const VALUES = [
  '',
  '1',
  '2',
  '0',
  '-1',
  '10001',
  '99999999999999999999',
  'url',
  'URL',
  'abc',
  '%',
  '%zz',
  '1e3',
  ' 7',
  '/',
  'null',
];
const HEADERS: Record<string, readonly string[]> = {
  range: [
    'bytes=0-9',
    'bytes=-5',
    'bytes=5-',
    'bytes=9-0',
    'bytes=',
    'items=1-2',
    'bytes=0-1,3-4',
    'bytes=99999999999999999999-',
  ],
  'x-amz-copy-source': [
    '/b/k',
    'b/k',
    '/b/',
    '/',
    '',
    '%',
    '/b/k?versionId=1',
    '/.stowage.parts/x',
    '/b/%C3%28',
  ],
  'x-amz-copy-source-range': ['bytes=0-9', 'bytes=9-0', 'bytes=-1', 'x'],
  'x-amz-metadata-directive': ['COPY', 'REPLACE', 'copy', ''],
  'if-match': ['"e"', '*', ''],
  'if-modified-since': ['Wed, 21 Oct 2015 07:28:00 GMT', 'yesterday', ''],
  'x-amz-bucket-object-lock-enabled': ['true', 'TRUE', 'no'],
  'x-amz-meta-a': ['v', 'v'.repeat(3000)],
};

function randomPath(r: Rng): string {
  return `/${r.string(PATH_CHARS, r.int(0, 12))}`;
}

function randomQuery(r: Rng): string {
  const pairs = Array.from({ length: r.int(0, 4) }, () => {
    const k = r.pick(SUBRESOURCES);
    return r.bool(0.2) ? k : `${k}=${r.pick(VALUES)}`;
  });
  return pairs.join('&');
}

function randomHeaders(r: Rng): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(HEADERS)) {
    if (r.bool(0.25)) out[name] = r.bool(0.1) ? [r.pick(values), r.pick(values)] : r.pick(values);
  }
  return out;
}

type Outcome = { op: S3Operation } | { error: string };

const HOSTS = [
  '127.0.0.1:9000',
  'b.s3.stowage.test',
  'B.S3.STOWAGE.TEST:443',
  's3.stowage.test',
  '.s3.stowage.test',
  'a..b.s3.stowage.test',
  '',
];
const DOMAINS = ['s3.stowage.test'];

function outcome(
  method: string,
  rawPath: string,
  rawQuery: string,
  headers: Record<string, string | string[]>,
  vhost: { host?: string; domains?: readonly string[] } = {},
): Outcome {
  // Decoded as createContext does; an undecodable path never reaches the parser.
  const path = percentDecode(rawPath, false) ?? '/';
  try {
    return { op: parseS3Request({ method, path, query: parseQuery(rawQuery), headers, ...vhost }) };
  } catch (err) {
    if (!(err instanceof ApiError)) throw new Error(`non-catalogue error: ${String(err)}`);
    expect(ERROR_CATALOGUE[err.code].status).toBe(err.status);
    return { error: err.code };
  }
}

describe('parseS3Request fuzz', () => {
  it('returns an operation or a catalogue ApiError, deterministically (seed 20261122, 3000 requests)', () => {
    const r = rng(20261122);
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const method = r.pick(METHODS);
      const [path, query, headers] = [randomPath(r), randomQuery(r), randomHeaders(r)];
      const vhost = r.bool() ? { host: r.pick(HOSTS), domains: DOMAINS } : { host: r.pick(HOSTS) };
      const first = outcome(method, path, query, headers, vhost);
      expect(outcome(method, path, query, headers, vhost), `#${i} ${method} ${path}?${query}`).toEqual(first);
      seen.add('op' in first ? first.op.op : first.error);
    }
    // The generator reaches deep into the parser, not just its first refusal.
    expect(seen.size).toBeGreaterThan(15);
  });

  // Request lines from the AWS S3 API reference, path-style.
  const EXAMPLES = [
    'GET /',
    'PUT /amzn-s3-demo-bucket',
    'GET /myBucket?location',
    'GET /example-bucket?list-type=2&max-keys=3&prefix=E&start-after=ExampleGuide.pdf',
    'GET /example-bucket?prefix=photos/2006/&delimiter=/&marker=x',
    'PUT /my-image.jpg/part?partNumber=2&uploadId=VCVsb2FkIElEIGZvciBlbZZpbmcncyBteS1tb3ZpZS5tMnRzIHVwbG9hZA',
    'POST /examplebucket/example-object?uploads',
    'GET /example-object?uploadId=XXBsb2FkIElEIGZvciBlbHZpbmcncyVcdS1tb3ZpZS5tMnRzEEEwbG9hZA&max-parts=2&part-number-marker=1',
    'GET /examplebucket?uploads&max-uploads=3',
    'DELETE /examplebucket/my-second-image.jpg',
    'GET /bucket/a key/with spaces.txt',
    'PUT /bucket?versioning',
    'POST /bucket?delete',
  ];
  // Escapes some unreserved characters, leaving existing escapes whole.
  const escapeUnreserved = (r: Rng, s: string) =>
    s.replace(/%[0-9A-Fa-f]{2}|[A-Za-z0-9._~-]/g, (c) =>
      c.length === 1 && r.bool(0.3) ? `%${c.charCodeAt(0).toString(16)}` : c,
    );

  it('documented examples parse the same under equivalent encodings (seed 7, 100 variants each)', () => {
    const r = rng(7);
    for (const line of EXAMPLES) {
      const [method, target] = line.split(' ', 2) as [string, string];
      const rest = line.slice(method.length + 1);
      const q = rest.indexOf('?');
      const path = q < 0 ? rest : rest.slice(0, q);
      const query = q < 0 ? '' : rest.slice(q + 1);
      const plain = outcome(method, encodeURI(path), query, {});
      expect('op' in plain, target).toBe(true);
      for (let i = 0; i < 100; i++) {
        const params = query === '' ? [] : query.split('&');
        for (let j = params.length - 1; j > 0; j--) {
          const k = r.int(0, j);
          [params[j], params[k]] = [params[k]!, params[j]!];
        }
        // Unknown parameters are ignored; a trailing '&' is an empty pair.
        if (r.bool(0.3)) params.push(`x-id-${r.int(0, 9)}=1`);
        const variant = outcome(
          method,
          escapeUnreserved(r, encodeURI(path)),
          `${params.join('&')}${r.bool(0.2) ? '&' : ''}`,
          {},
        );
        expect(variant, `${line} #${i}`).toEqual(plain);
      }
    }
  });
});
