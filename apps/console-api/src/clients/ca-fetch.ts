import { request } from 'node:https';

// Node's fetch takes no CA of its own (that needs undici's dispatcher); tenants' Services answer
// with certificates the cluster's CA signed (AutoCert), so calls to them go through node:https
// with that CA instead of trusting every certificate or none.

type Fetch = typeof fetch;

function headerRecord(headers: RequestInit['headers']): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => {
    record[key] = value;
  });
  return record;
}

/** A fetch for buffered calls (the admin API's) that trusts `caPem` only for https URLs. */
export function fetchTrusting(caPem: string | undefined): Fetch {
  if (!caPem) return fetch;
  return (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol !== 'https:') return fetch(input, init);
    return new Promise<Response>((resolve, reject) => {
      const req = request(
        url,
        {
          method: init.method ?? 'GET',
          headers: headerRecord(init.headers),
          ca: caPem,
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const status = res.statusCode ?? 502;
            const headers = new Headers();
            for (const [key, value] of Object.entries(res.headers))
              if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
            const empty = status === 204 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      req.on('error', reject);
      const body = init.body;
      req.end(typeof body === 'string' || body instanceof Uint8Array ? body : undefined);
    });
  };
}
