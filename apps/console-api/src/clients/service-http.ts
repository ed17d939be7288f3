import http from 'node:http';
import https from 'node:https';
import { ApiError } from '../http/errors.js';

// Requests to a tenant's in-cluster Services (its MinIO and its console). Over TLS the peer must
// present a certificate for the Service's cluster DNS name signed by a CA the console trusts,
// even when the Service is reached at a mapped loopback address (tenant-services.ts).

/** Where a Service answers and, over https, whom its certificate must name and who signed it. */
export interface ServiceTarget {
  /** `scheme://host:port`. */
  origin: string;
  /** https only: the Service's DNS name and the PEM CAs its certificate may chain to
   *  (none: the system's CAs). */
  tls?: { servername: string; ca: string[] };
}

/** Node's options for a request to `path` (with query) on the Service. */
export function serviceRequestOptions(target: ServiceTarget, path: string): https.RequestOptions {
  const url = new URL(path, target.origin);
  return {
    protocol: url.protocol,
    hostname: url.hostname,
    port: url.port,
    path: `${url.pathname}${url.search}`,
    ...(target.tls
      ? {
          servername: target.tls.servername,
          ...(target.tls.ca.length > 0 ? { ca: target.tls.ca } : {}),
          rejectUnauthorized: true,
        }
      : {}),
  };
}

/** `http.request` or `https.request`, whichever the Service speaks. */
export function requestService(
  target: ServiceTarget,
  options: http.RequestOptions,
  onResponse: (res: http.IncomingMessage) => void,
): http.ClientRequest {
  return (target.tls ? https : http).request(options, onResponse);
}

/** The TLS failures that mean "this peer is not who it claims" rather than "not reachable". */
const CERTIFICATE_ERRORS = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Which Service did not answer: the tenant's MinIO (503) or its console, behind the proxy (502). */
export type UnreachableCode = 'tenantUnreachable' | 'tenantConsoleUnreachable';

/** A failed request to a Service in the console's error shape, saying which failure. */
export function fromServiceError(
  err: unknown,
  target: ServiceTarget,
  unreachable: UnreachableCode = 'tenantConsoleUnreachable',
): ApiError {
  if (err instanceof ApiError) return err;
  const error = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = error?.code ?? error?.cause?.code ?? '';
  const message = error?.cause?.message ?? (error instanceof Error ? error.message : String(err));
  if (CERTIFICATE_ERRORS.has(code)) {
    return new ApiError(
      'tenantCertificate',
      `${target.origin} (${target.tls?.servername ?? ''}) presented a certificate the console does not trust: ${message}`,
    );
  }
  return new ApiError(unreachable, `${target.origin}: ${message}`);
}

/**
 * A `fetch` for one Service, for clients that take one (packages/madmin): Node's own fetch
 * cannot be given a CA or a server name. Bodies are small (STS, logins), so they are buffered.
 */
export function serviceFetch(
  target: ServiceTarget,
  unreachable: UnreachableCode = 'tenantConsoleUnreachable',
): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init.headers);
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : Buffer.from(typeof init.body === 'string' ? init.body : new Uint8Array(init.body as ArrayBuffer));
    if (body) headers.set('content-length', String(body.length));
    const sent: Record<string, string> = {};
    headers.forEach((value, name) => {
      sent[name] = value;
    });
    const options = {
      ...serviceRequestOptions(target, `${url.pathname}${url.search}`),
      method: init.method ?? 'GET',
      headers: sent,
    };
    return new Promise<Response>((resolve, reject) => {
      const req = requestService(target, options, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const answer = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
              answer.append(name, v);
            }
          }
          const status = res.statusCode ?? 502;
          const noBody = status === 204 || status === 304;
          resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: answer }));
        });
      });
      req.on('error', (err) => reject(fromServiceError(err, target, unreachable)));
      init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
      req.end(body);
    });
  }) as typeof fetch;
}
