import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { selfSignedPair, type TestPair } from '../services/tenants/test-support/certificates.js';
import { fetchTrusting } from './ca-fetch.js';

let server: Server;
let pair: TestPair;
let url: string;

beforeAll(async () => {
  pair = selfSignedPair('minio.ns-a.svc', { subjectAltName: 'IP:127.0.0.1' });
  server = createServer({ cert: pair.pem, key: Buffer.from(pair.key, 'base64') }, (req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      res.writeHead(req.url === '/empty' ? 204 : 200, {
        'content-type': 'application/json',
        'x-seen': 'yes',
      });
      res.end(
        req.url === '/empty'
          ? undefined
          : JSON.stringify({ method: req.method, auth: req.headers.authorization, body }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchTrusting', () => {
  test('reaches a server whose certificate chains to the given CA, with method, headers and body', async () => {
    const res = await fetchTrusting(pair.pem.toString())(`${url}/info`, {
      method: 'POST',
      headers: { authorization: 'AWS4 signed' },
      body: 'payload',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-seen')).toBe('yes');
    expect(await res.json()).toEqual({ method: 'POST', auth: 'AWS4 signed', body: 'payload' });
    const empty = await fetchTrusting(pair.pem.toString())(`${url}/empty`);
    expect(empty.status).toBe(204);
  });

  test('refuses a certificate another CA signed, as plain fetch refuses an unknown one', async () => {
    const other = selfSignedPair('someone-else');
    await expect(fetchTrusting(other.pem.toString())(`${url}/info`)).rejects.toThrow(
      /self.signed|certificate/i,
    );
    await expect(fetch(`${url}/info`)).rejects.toThrow();
  });

  test('an abort signal ends the call', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      fetchTrusting(pair.pem.toString())(`${url}/info`, { signal: controller.signal }),
    ).rejects.toThrow(/abort/i);
  });
});
