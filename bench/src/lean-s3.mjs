// A small SigV4 S3 client for load benchmarks: the same few calls against any server, with
// far less client work per request than @aws-sdk/client-s3, so that on a 2-core machine the
// servers' own costs decide the figures (both servers are driven by this same client).
import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';
import { signRequest } from '@stowage/madmin';
import { connectionPool } from './lean-connections.mjs';

export function leanClient(endpoint, credentials, { sockets = 32, unsignedPayload = false } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const connections = connectionPool(endpoint, sockets);
  // Large bodies go unsigned (UNSIGNED-PAYLOAD, as SDKs do over TLS): hashing them would
  // put the client's CPU, not the server's speed, on the measured path.
  const hashOf = (body) =>
    unsignedPayload
      ? 'UNSIGNED-PAYLOAD'
      : createHash('sha256')
          .update(body ?? '')
          .digest('hex');
  /** The SigV4 headers of a request (with its Content-Length when it has a body). */
  const signed = (method, url, body) =>
    signRequest(
      {
        method,
        url,
        headers: body ? { 'content-length': String(body.length) } : {},
        payloadHash: hashOf(body),
      },
      credentials,
      { region: 'us-east-1', service: 's3' },
    );
  /** A large PUT, or a GET whose body is only counted, on the pool's sockets: the body's length. */
  const bulk = (method, path, body) => {
    const url = new URL(path, endpoint);
    return connections.send(method, `${url.pathname}${url.search}`, signed(method, url, body), body);
  };
  const send = (method, path, body) =>
    new Promise((resolve, reject) => {
      const url = new URL(path, endpoint);
      const headers = signed(method, url, body);
      const req = request(url, { method, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const out = Buffer.concat(chunks);
          if (res.statusCode >= 300)
            reject(new Error(`${method} ${path}: ${res.statusCode} ${out.toString().slice(0, 200)}`));
          else resolve(out);
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  return {
    createBucket: (bucket) => send('PUT', `/${bucket}`),
    put: (bucket, key, body) => send('PUT', `/${bucket}/${key}`, body),
    get: (bucket, key) => send('GET', `/${bucket}/${key}`),
    /** GET that only counts the bytes (no buffering). */
    download: (bucket, key) => bulk('GET', `/${bucket}/${key}`),
    /** PUT of a large body, on the same sockets as download. */
    upload: (bucket, key, body) => bulk('PUT', `/${bucket}/${key}`, body),
    listV2: (bucket, query) => send('GET', `/${bucket}?list-type=2&${query}`),
    /** Any other call: method, path with its query, and a body; the answer's bytes. */
    send,
    /** The SigV4 headers of a body-less request, for another HTTP client (fetch). */
    signedHeaders: (method, path) => signed(method, new URL(path, endpoint)),
    close: () => {
      agent.destroy();
      connections.close();
    },
  };
}
