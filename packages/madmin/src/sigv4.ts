import { createHmac, hash } from 'node:crypto';

/**
 * AWS Signature V4 primitives. The client signs with them and the store verifies with them,
 * so both sides build canonical requests from the same code.
 */

export const ALGORITHM = 'AWS4-HMAC-SHA256';
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface Credentials {
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
}

export interface Scope {
  /** YYYYMMDD */
  date: string;
  region: string;
  service: string;
}

// One-shot hashes: a server verifies a signature on every request, and Hash and Hmac objects
// (one native object and weak handle each) cost several times the hashing itself there.
export function sha256Hex(data: string | Uint8Array): string {
  return hash('sha256', data, 'hex');
}

function hmac(key: string | Uint8Array, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** YYYYMMDDTHHMMSSZ */
export function amzDate(d: Date): string {
  return `${d.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z`;
}

/** An empty region gives two slashes, as madmin signs admin requests. */
export function scopeString(s: Scope): string {
  return `${s.date}/${s.region}/${s.service}/aws4_request`;
}

/**
 * HMAC-SHA256 under one fixed 32-byte key (RFC 2104) as two one-shot hashes over the key's
 * padded blocks, prepared once: what the signing key signs with on every request.
 */
class FixedKeyHmac {
  /** key ^ ipad, then room for the message. */
  private inner = Buffer.alloc(64 + 256);
  /** key ^ opad, then the inner digest. */
  private readonly outer = Buffer.alloc(64 + 32);

  constructor(readonly key: Buffer) {
    for (let i = 0; i < 64; i++) {
      const k = key[i] ?? 0;
      this.inner[i] = k ^ 0x36;
      this.outer[i] = k ^ 0x5c;
    }
  }

  hex(message: string): string {
    const room = 64 + Buffer.byteLength(message, 'utf8');
    if (room > this.inner.length) {
      const grown = Buffer.alloc(room * 2);
      this.inner.copy(grown, 0, 0, 64);
      this.inner = grown;
    }
    this.inner.write(message, 64, 'utf8');
    hash('sha256', this.inner.subarray(0, room), 'buffer').copy(this.outer, 64);
    return hash('sha256', this.outer, 'hex');
  }
}

// Signing keys change once a day per credential: derived once, not four HMACs per request.
const signingKeys = new Map<string, FixedKeyHmac>();

function signer(secretKey: string, s: Scope): FixedKeyHmac {
  const id = `${s.date}\n${s.region}\n${s.service}\n${secretKey}`;
  const cached = signingKeys.get(id);
  if (cached) return cached;
  const kDate = hmac(`AWS4${secretKey}`, s.date);
  const kRegion = hmac(kDate, s.region);
  const kService = hmac(kRegion, s.service);
  const key = new FixedKeyHmac(hmac(kService, 'aws4_request'));
  if (signingKeys.size >= 1024) signingKeys.clear();
  signingKeys.set(id, key);
  return key;
}

export function signingKey(secretKey: string, s: Scope): Buffer {
  return signer(secretKey, s).key;
}

const HEX = '0123456789ABCDEF';

function isUnreserved(b: number): boolean {
  return (
    (b >= 0x41 && b <= 0x5a) || // A-Z
    (b >= 0x61 && b <= 0x7a) || // a-z
    (b >= 0x30 && b <= 0x39) || // 0-9
    b === 0x2d || // -
    b === 0x5f || // _
    b === 0x2e || // .
    b === 0x7e // ~
  );
}

/** RFC 3986 percent-encoding of the UTF-8 bytes, upper-case hex (what SigV4 requires). */
export function uriEncode(s: string, encodeSlash: boolean): string {
  let out = '';
  for (const b of Buffer.from(s, 'utf8')) {
    if (isUnreserved(b) || (b === 0x2f && !encodeSlash)) out += String.fromCharCode(b);
    else out += `%${HEX[b >> 4]}${HEX[b & 15]}`;
  }
  return out;
}

const NOTHING_TO_ENCODE = /^[A-Za-z0-9\-_.~/]*$/;

/** S3 style: the decoded path encoded once, slashes kept, no dot-segment normalisation. */
export function canonicalUri(decodedPath: string): string {
  if (decodedPath === '') return '/';
  return NOTHING_TO_ENCODE.test(decodedPath) ? decodedPath : uriEncode(decodedPath, false);
}

/**
 * Keys sorted by their decoded name; repeated keys keep request order (Array#sort is stable).
 * This is Go's url.Values.Encode with '+' as %20, which is how MinIO rebuilds it.
 */
export function canonicalQuery(params: ReadonlyArray<readonly [string, string]>): string {
  if (params.length === 0) return '';
  // SigV4: encode first, then sort by encoded name and, for a repeated name, by encoded value.
  return params
    .map(([k, v]) => [uriEncode(k, true), uriEncode(v, true)] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/**
 * The order Go's url.Values gives a query (by decoded name, a repeated name's values as
 * sent), which MinIO and minio-go sign with. It differs from canonicalQuery only for repeated
 * or non-ASCII names; a server accepts either.
 */
export function goCanonicalQuery(params: ReadonlyArray<readonly [string, string]>): string {
  if (params.length === 0) return '';
  return [...params]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([k, v]) => `${uriEncode(k, true)}=${uriEncode(v, true)}`)
    .join('&');
}

// Whitespace that trimAll would change: any but single inner spaces.
const UNTRIMMED = /\s\s|[^\S ]|^ | $/;

function trimAll(v: string): string {
  if (!UNTRIMMED.test(v)) return v;
  return v.trim().replace(/\s+/g, ' ');
}

function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string {
  // Node lower-cases incoming header names: the direct look-up is the usual hit.
  let value: string | string[] | undefined = headers[name];
  if (value === undefined)
    for (const [k, v] of Object.entries(headers)) {
      if (k.toLowerCase() === name) {
        value = v;
        break;
      }
    }
  if (value === undefined) return '';
  return Array.isArray(value) ? value.map(trimAll).join(',') : trimAll(value);
}

/** One `name:value\n` line per signed header, in the order given (callers pass them sorted). */
export function canonicalHeaders(
  headers: Record<string, string | string[] | undefined>,
  signed: readonly string[],
): string {
  let out = '';
  for (const name of signed) {
    const lower = name.toLowerCase();
    out += `${lower}:${headerValue(headers, lower)}\n`;
  }
  return out;
}

export function canonicalRequest(p: {
  method: string;
  canonicalUri: string;
  canonicalQuery: string;
  canonicalHeaders: string;
  signedHeaders: readonly string[];
  payloadHash: string;
}): string {
  return `${p.method.toUpperCase()}\n${p.canonicalUri}\n${p.canonicalQuery}\n${p.canonicalHeaders}\n${p.signedHeaders.join(';')}\n${p.payloadHash}`;
}

export function stringToSign(amzDateValue: string, s: Scope, canonicalRequestText: string): string {
  return `${ALGORITHM}\n${amzDateValue}\n${scopeString(s)}\n${sha256Hex(canonicalRequestText)}`;
}

/** Lower-case hex HMAC of the string to sign. */
export function signature(secretKey: string, s: Scope, stringToSignText: string): string {
  return signer(secretKey, s).hex(stringToSignText);
}

export interface ParsedAuthorization {
  accessKey: string;
  scope: Scope;
  signedHeaders: string[];
  signature: string;
}

/** Parses a SigV4 Authorization header; null when it is not a well-formed one. */
export function parseAuthorization(header: string): ParsedAuthorization | null {
  const h = header.trim();
  if (!h.startsWith(`${ALGORITHM} `)) return null;
  let credential: string | undefined;
  let signedHeaders: string | undefined;
  let sig: string | undefined;
  // Exactly three comma-separated `name=value` items, each named once.
  for (let at = ALGORITHM.length; at <= h.length; ) {
    const comma = h.indexOf(',', at);
    const end = comma < 0 ? h.length : comma;
    const item = h.slice(at, end).trim();
    const eq = item.indexOf('=');
    if (eq <= 0) return null;
    const key = item.slice(0, eq).trim();
    const value = item.slice(eq + 1).trim();
    if (key === 'Credential' && credential === undefined) credential = value;
    else if (key === 'SignedHeaders' && signedHeaders === undefined) signedHeaders = value;
    else if (key === 'Signature' && sig === undefined) sig = value;
    else return null;
    at = end + 1;
  }
  if (!credential || !signedHeaders || !sig) return null;
  // Access keys may contain '/', so the scope is the last four elements (as MinIO parses it).
  const parts = credential.split('/');
  if (parts.length < 5) return null;
  const [date, region, service, terminal] = parts.slice(-4) as [string, string, string, string];
  const accessKey = parts.length === 5 ? parts[0]! : parts.slice(0, -4).join('/');
  if (!accessKey || !/^\d{8}$/.test(date) || !service || terminal !== 'aws4_request') return null;
  const names = signedHeaders.split(';');
  if (names.some((n) => n === '')) return null;
  return { accessKey, scope: { date, region, service }, signedHeaders: names, signature: sig };
}

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
}

/** Never signed: proxies and HTTP stacks may rewrite them after signing. */
const UNSIGNED_HEADERS = new Set(['authorization', 'user-agent', 'accept-encoding', 'content-length']);

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Header-signed request: returns every header to send, lower-cased, authorization included. */
export function signRequest(
  input: SignInput,
  creds: Credentials,
  opts: { region: string; service: string; now?: Date },
): Record<string, string> {
  const now = opts.now ?? new Date();
  const date = amzDate(now);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers)) headers[k.toLowerCase()] = v;
  // URL.host already drops :80 for http and :443 for https, as madmin does.
  headers.host = input.url.host;
  headers['x-amz-date'] = date;
  if (opts.service === 's3') headers['x-amz-content-sha256'] = input.payloadHash;
  if (creds.sessionToken) headers['x-amz-security-token'] = creds.sessionToken;
  delete headers.authorization;

  const signed = Object.keys(headers)
    .filter((k) => !UNSIGNED_HEADERS.has(k))
    .sort();
  const scope: Scope = { date: date.slice(0, 8), region: opts.region, service: opts.service };
  const creq = canonicalRequest({
    method: input.method,
    canonicalUri: canonicalUri(decodePath(input.url.pathname)),
    canonicalQuery: canonicalQuery([...input.url.searchParams]),
    canonicalHeaders: canonicalHeaders(headers, signed),
    signedHeaders: signed,
    payloadHash: input.payloadHash,
  });
  const sig = signature(creds.secretKey, scope, stringToSign(date, scope, creq));
  headers.authorization = `${ALGORITHM} Credential=${creds.accessKey}/${scopeString(scope)}, SignedHeaders=${signed.join(';')}, Signature=${sig}`;
  return headers;
}

/**
 * Query-string SigV4: `host` is signed (and `headers`, which the request must then send with
 * those values, e.g. a part's x-amz-checksum-*); the payload is UNSIGNED-PAYLOAD.
 */
export function presignUrl(p: {
  method: string;
  url: URL;
  creds: Credentials;
  region: string;
  service?: string;
  expiresSeconds: number;
  now?: Date;
  headers?: Record<string, string>;
}): URL {
  const url = new URL(p.url);
  const date = amzDate(p.now ?? new Date());
  const scope: Scope = { date: date.slice(0, 8), region: p.region, service: p.service ?? 's3' };
  const q = url.searchParams;
  // Re-presigning an already presigned URL must not sign the old signature.
  q.delete('X-Amz-Signature');
  q.set('X-Amz-Algorithm', ALGORITHM);
  q.set('X-Amz-Credential', `${p.creds.accessKey}/${scopeString(scope)}`);
  q.set('X-Amz-Date', date);
  q.set('X-Amz-Expires', String(p.expiresSeconds));
  const headers: Record<string, string> = { host: url.host };
  for (const [name, value] of Object.entries(p.headers ?? {})) headers[name.toLowerCase()] = value;
  const signed = Object.keys(headers).sort();
  q.set('X-Amz-SignedHeaders', signed.join(';'));
  if (p.creds.sessionToken) q.set('X-Amz-Security-Token', p.creds.sessionToken);
  const creq = canonicalRequest({
    method: p.method,
    canonicalUri: canonicalUri(decodePath(url.pathname)),
    canonicalQuery: canonicalQuery([...q]),
    canonicalHeaders: canonicalHeaders(headers, signed),
    signedHeaders: signed,
    payloadHash: UNSIGNED_PAYLOAD,
  });
  q.set('X-Amz-Signature', signature(p.creds.secretKey, scope, stringToSign(date, scope, creq)));
  return url;
}
