import { STATUS_CODES } from 'node:http';
import { type Credentials, sha256Hex, signRequest } from './sigv4.js';
import { xmlPath, xmlText } from './xml.js';

export const STS_VERSION = '2011-06-15';

export interface AssumeRoleOptions {
  /** Scheme, host and port of the server; STS answers POST / there. */
  endpoint: string;
  /** Long-term keys of an IAM user (or root); MinIO refuses temporary credentials here. */
  credentials: Credentials;
  /** 900 … 31 536 000 on MinIO; 3600 when left out. */
  durationSeconds?: number;
  /** A session policy (JSON text, at most 2048 characters) intersected with the user's own. */
  policy?: string;
  /** The server's region; MinIO with no region configured accepts any. Default us-east-1. */
  region?: string;
  /**
   * Sent besides the signed headers, unsigned: who a relayed call is made for
   * (X-Forwarded-For, and whatever proves the relay to the server).
   */
  relayHeaders?: Record<string, string>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export interface AssumedCredentials {
  accessKey: string;
  secretKey: string;
  sessionToken: string;
  expiration: Date;
}

/** An STS error answer (STS `<ErrorResponse>` or S3 `<Error>`), or an unreadable answer. */
export class StsError extends Error {
  override readonly name = 'StsError';
  readonly status: number;
  readonly code: string;
  readonly requestId?: string;
  /** Seconds the server asked the client to wait (Retry-After), when it did. */
  readonly retryAfterSeconds?: number;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    requestId?: string;
    retryAfterSeconds?: number;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    if (init.requestId) this.requestId = init.requestId;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
  }
}

/** A Retry-After of whole seconds; an HTTP date or nonsense reads as none. */
function retryAfterOf(res: Response): number | undefined {
  const raw = res.headers.get('retry-after');
  return raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

export const DEFAULT_DURATION_SECONDS = 3600;

/** Form body with keys in sorted order, as minio-go's url.Values.Encode produces it. */
function formBody(durationSeconds: number, policy: string | undefined): string {
  const form = new URLSearchParams();
  form.set('Action', 'AssumeRole');
  form.set('DurationSeconds', String(durationSeconds));
  if (policy !== undefined) form.set('Policy', policy);
  form.set('Version', STS_VERSION);
  return form.toString();
}

function failed(res: Response, text: string): StsError {
  const error = stsError(res.status, res.statusText, text);
  const retryAfterSeconds = retryAfterOf(res);
  if (retryAfterSeconds === undefined) return error;
  return new StsError({
    status: error.status,
    code: error.code,
    message: error.message,
    retryAfterSeconds,
    ...(error.requestId ? { requestId: error.requestId } : {}),
  });
}

function stsError(status: number, statusText: string, text: string): StsError {
  // The STS envelope wraps an <Error>; S3-style errors are a bare <Error>: one lookup covers both.
  const error = xmlPath(text, ['Error']);
  const code = error === undefined ? undefined : xmlText(error, ['Code']);
  const statusLine = statusText || STATUS_CODES[status] || `HTTP ${status}`;
  if (error !== undefined && code) {
    return new StsError({
      status,
      code,
      message: xmlText(error, ['Message']) || statusLine,
      requestId: xmlText(text, ['RequestId']),
    });
  }
  const snippet = text.trim().slice(0, 200);
  return new StsError({
    status,
    code: statusLine,
    message: snippet ? `${statusLine}: ${snippet}` : statusLine,
  });
}

/** STS AssumeRole with SigV4 (service sts), as minio-go's STSAssumeRole sends it. */
export async function assumeRole(opts: AssumeRoleOptions): Promise<AssumedCredentials> {
  const duration = opts.durationSeconds ?? DEFAULT_DURATION_SECONDS;
  if (!Number.isSafeInteger(duration) || duration <= 0) {
    throw new RangeError(`assumeRole: durationSeconds must be a positive integer, got ${duration}`);
  }
  const url = new URL('/', new URL(opts.endpoint).origin);
  const body = formBody(duration, opts.policy);
  // No x-amz-content-sha256 for sts: the server hashes the form body itself.
  const headers = signRequest(
    {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payloadHash: sha256Hex(body),
    },
    opts.credentials,
    { region: opts.region ?? 'us-east-1', service: 'sts' },
  );
  delete headers.host;

  const doFetch = opts.fetch ?? globalThis.fetch;
  const res = await doFetch(url, {
    method: 'POST',
    headers: { ...headers, ...opts.relayHeaders },
    body,
    signal: opts.signal,
  });
  const text = await res.text();
  if (res.status !== 200) throw failed(res, text);

  return readCredentials(text, ['AssumeRoleResponse', 'AssumeRoleResult', 'Credentials'], res.status);
}

function readCredentials(text: string, path: string[], status: number): AssumedCredentials {
  const creds = xmlPath(text, path);
  const read = (name: string) => (creds === undefined ? undefined : xmlText(creds, [name]));
  const accessKey = read('AccessKeyId');
  const secretKey = read('SecretAccessKey');
  const sessionToken = read('SessionToken');
  const expiration = new Date(read('Expiration') ?? '');
  if (!accessKey || !secretKey || !sessionToken || Number.isNaN(expiration.getTime())) {
    throw new StsError({
      status,
      code: 'MalformedResponse',
      message: `${path[0]}: the response carries no complete credentials`,
    });
  }
  return { accessKey, secretKey, sessionToken, expiration };
}

export interface LdapLoginOptions {
  endpoint: string;
  username: string;
  password: string;
  durationSeconds?: number;
  policy?: string;
  relayHeaders?: Record<string, string>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

async function unsignedStsForm(
  opts: {
    endpoint: string;
    relayHeaders?: Record<string, string>;
    fetch?: typeof fetch;
    signal?: AbortSignal;
  },
  form: URLSearchParams,
  result: string,
): Promise<AssumedCredentials> {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const res = await doFetch(new URL('/', new URL(opts.endpoint).origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...opts.relayHeaders },
    body: form.toString(),
    signal: opts.signal,
  });
  const text = await res.text();
  if (res.status !== 200) throw failed(res, text);
  return readCredentials(text, [`${result}Response`, `${result}Result`, 'Credentials'], res.status);
}

/** STS AssumeRoleWithLDAPIdentity: an unsigned form with the directory user's name and password. */
export function assumeRoleWithLdapIdentity(opts: LdapLoginOptions): Promise<AssumedCredentials> {
  const form = new URLSearchParams();
  form.set('Action', 'AssumeRoleWithLDAPIdentity');
  form.set('DurationSeconds', String(opts.durationSeconds ?? DEFAULT_DURATION_SECONDS));
  form.set('LDAPPassword', opts.password);
  form.set('LDAPUsername', opts.username);
  if (opts.policy !== undefined) form.set('Policy', opts.policy);
  form.set('Version', STS_VERSION);
  return unsignedStsForm(opts, form, 'AssumeRoleWithLDAPIdentity');
}

export interface WebIdentityOptions {
  endpoint: string;
  /** The OpenID provider's id_token (a JWT). */
  token: string;
  durationSeconds?: number;
  policy?: string;
  relayHeaders?: Record<string, string>;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/** STS AssumeRoleWithWebIdentity: an unsigned form with an OpenID token. */
export function assumeRoleWithWebIdentity(opts: WebIdentityOptions): Promise<AssumedCredentials> {
  const form = new URLSearchParams();
  form.set('Action', 'AssumeRoleWithWebIdentity');
  form.set('DurationSeconds', String(opts.durationSeconds ?? DEFAULT_DURATION_SECONDS));
  if (opts.policy !== undefined) form.set('Policy', opts.policy);
  form.set('Version', STS_VERSION);
  form.set('WebIdentityToken', opts.token);
  return unsignedStsForm(opts, form, 'AssumeRoleWithWebIdentity');
}
