import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, test } from 'vitest';
import { originChecker } from './origin.js';

const PROXY = '10.0.0.7';
const check = originChecker({ trustProxy: [PROXY], allowedOrigins: ['https://console.example.com'] });
const from = (remoteAddress: string, headers: IncomingHttpHeaders) =>
  check({ headers, socket: { remoteAddress } });
const direct = (headers: IncomingHttpHeaders) => from('192.0.2.50', headers);
const viaProxy = (headers: IncomingHttpHeaders) => from(PROXY, headers);

describe('the page origin a live stream is opened from', () => {
  test("no Origin (not a browser) and the console's own origin pass", () => {
    expect(direct({ host: '127.0.0.1:9090' })).toBeUndefined();
    expect(direct({ host: '127.0.0.1:9090', origin: 'http://127.0.0.1:9090' })).toBeUndefined();
    expect(direct({ host: 'a.example:443', origin: 'https://a.example' })).toBeUndefined();
  });

  test('a Host that names a port must match it; one without a port is matched by host name', () => {
    expect(direct({ host: 'a.example:8080', origin: 'http://a.example:9090' })).toMatchObject({
      origin: 'http://a.example:9090',
      comparedWith: 'a.example:8080',
      source: 'Host',
    });
    // nginx's `proxy_set_header Host $host` drops the port the browser used
    expect(direct({ host: 'a.example', origin: 'http://a.example:8443' })).toBeUndefined();
    expect(direct({ host: 'A.Example', origin: 'https://a.example' })).toBeUndefined();
    expect(direct({ host: '[::1]', origin: 'http://[::1]:8080' })).toBeUndefined();
  });

  test('pages of other sites are refused, however the host is spelled', () => {
    for (const origin of [
      'https://evil.example',
      'https://a.example.evil.example',
      'https://evil-a.example',
      'null',
      'not a url',
    ])
      expect(direct({ host: 'a.example', origin })).toMatchObject({ origin, source: 'Host' });
    // a Host that is not a plain host cannot be matched
    expect(direct({ host: 'a.example/x', origin: 'http://a.example' })).toBeDefined();
    expect(direct({ host: 'u@a.example', origin: 'http://a.example' })).toBeDefined();
  });

  test("a trusted proxy's X-Forwarded-Host and -Proto are what the page is compared with", () => {
    const headers = {
      host: '127.0.0.1:9090',
      'x-forwarded-host': 'console.corp.example:8443',
      'x-forwarded-proto': 'https',
    };
    expect(viaProxy({ ...headers, origin: 'https://console.corp.example:8443' })).toBeUndefined();
    expect(viaProxy({ ...headers, origin: 'http://console.corp.example:8443' })).toMatchObject({
      comparedWith: 'https://console.corp.example:8443',
      source: 'X-Forwarded-Host',
    });
    expect(viaProxy({ ...headers, origin: 'https://evil.example' })).toBeDefined();
    // the last entry is the one the proxy next to the console wrote
    expect(
      viaProxy({
        ...headers,
        'x-forwarded-host': 'evil.example, console.corp.example:8443',
        origin: 'https://console.corp.example:8443',
      }),
    ).toBeUndefined();
    // from anyone else the forwarded headers are not believed
    expect(direct({ ...headers, origin: 'https://console.corp.example:8443' })).toMatchObject({
      comparedWith: '127.0.0.1:9090',
      source: 'Host',
    });
  });

  test("a trusted proxy's RFC 7239 Forwarded host and proto are believed, quoted or not", () => {
    const headers = { host: '127.0.0.1:9090' };
    expect(
      viaProxy({
        ...headers,
        forwarded: 'for=192.0.2.1;host=files.example;proto=https',
        origin: 'https://files.example',
      }),
    ).toBeUndefined();
    expect(
      viaProxy({
        ...headers,
        forwarded:
          'for="[2001:db8::1]:4711";host="evil.example", for=10.0.0.1;host="files.example:8443";proto=https',
        origin: 'https://files.example:8443',
      }),
    ).toBeUndefined();
    expect(
      viaProxy({ ...headers, forwarded: 'host=files.example;proto=http', origin: 'https://files.example' }),
    ).toMatchObject({ comparedWith: 'http://files.example', source: 'Forwarded' });
    // malformed: none of it is believed, the Host is used
    expect(
      viaProxy({ ...headers, forwarded: 'host=files.example;;=', origin: 'https://files.example' }),
    ).toMatchObject({ source: 'Host' });
  });

  test('origins the operator allows by name pass, exactly', () => {
    expect(direct({ host: '127.0.0.1:9090', origin: 'https://console.example.com' })).toBeUndefined();
    expect(direct({ host: '127.0.0.1:9090', origin: 'https://console.example.com:444' })).toBeDefined();
    expect(direct({ host: '127.0.0.1:9090', origin: 'http://console.example.com' })).toBeDefined();
  });

  test('without trusted proxies nothing forwarded is believed', () => {
    const none = originChecker({ trustProxy: false, allowedOrigins: [] });
    expect(
      none({
        headers: { host: '127.0.0.1:9090', 'x-forwarded-host': 'a.example', origin: 'http://a.example' },
        socket: { remoteAddress: '127.0.0.1' },
      }),
    ).toMatchObject({ source: 'Host' });
  });
});
