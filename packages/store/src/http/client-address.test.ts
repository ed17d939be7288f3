import { describe, expect, test } from 'vitest';
import { clientAddress, TrustedProxies } from './client-address.js';

describe('TrustedProxies', () => {
  test('addresses and CIDR ranges, v4 and v6', () => {
    const t = new TrustedProxies(['127.0.0.1', '10.0.0.0/8', 'fd00::/8', '::1']);
    for (const a of ['127.0.0.1', '10.200.3.4', 'fd12::7', '::1']) expect(t.has(a), a).toBe(true);
    for (const a of ['127.0.0.2', '11.0.0.1', 'fe80::1', '', 'localhost']) expect(t.has(a), a).toBe(false);
    expect(new TrustedProxies().has('127.0.0.1')).toBe(false);
  });

  test('anything else is refused when the store starts', () => {
    for (const bad of ['proxy.example', '10.0.0.0/33', '::1/129', '10.0.0.1/8/1', '10.0.0.0/x', ''])
      expect(() => new TrustedProxies([bad]), bad).toThrow('IP address or a CIDR range');
  });
});

describe('clientAddress', () => {
  test("the store's own console, by its relay token, whatever address it comes from", () => {
    const relayed = new TrustedProxies([], 'the-token');
    const from = (relay: string | undefined) =>
      clientAddress('10.9.9.9', { 'x-forwarded-for': '198.51.100.4', 'x-stowage-relay': relay }, relayed);
    expect(from('the-token')).toBe('198.51.100.4');
    expect(from('the-tokeN')).toBe('10.9.9.9');
    expect(from('the-token-')).toBe('10.9.9.9');
    expect(from(undefined)).toBe('10.9.9.9');
    // A proxy on this machine passing a client's own header through is not the console.
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }, relayed)).toBe('127.0.0.1');
    expect(clientAddress('::1', { 'x-forwarded-for': '192.0.2.1' }, relayed)).toBe('::1');
    // without a token configured, no token is believed
    expect(
      clientAddress(
        '10.9.9.9',
        { 'x-forwarded-for': '198.51.100.4', 'x-stowage-relay': '' },
        new TrustedProxies(),
      ),
    ).toBe('10.9.9.9');
  });

  const trusted = new TrustedProxies(['127.0.0.1', '10.0.0.0/8']);

  test('the socket peer, unless it is a trusted proxy', () => {
    expect(clientAddress('203.0.113.5', { 'x-forwarded-for': '198.51.100.1' }, trusted)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:203.0.113.5', {}, trusted)).toBe('203.0.113.5');
    expect(clientAddress('127.0.0.1', {}, trusted)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '198.51.100.1' }, new TrustedProxies())).toBe(
      '127.0.0.1',
    );
  });

  test('through trusted proxies, the nearest hop that is not one; what a client wrote itself is not believed', () => {
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '198.51.100.1' }, trusted)).toBe('198.51.100.1');
    // The client wrote "1.2.3.4"; the console (trusted) appended the address it heard from.
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '1.2.3.4, 198.51.100.1' }, trusted)).toBe(
      '198.51.100.1',
    );
    expect(
      clientAddress('127.0.0.1', { 'x-forwarded-for': '1.2.3.4, 198.51.100.1, 10.1.1.1' }, trusted),
    ).toBe('198.51.100.1');
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': ['1.2.3.4', '198.51.100.1'] }, trusted)).toBe(
      '198.51.100.1',
    );
    expect(clientAddress('::ffff:127.0.0.1', { 'x-forwarded-for': '::ffff:198.51.100.1' }, trusted)).toBe(
      '198.51.100.1',
    );
    // every hop trusted: the farthest one
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '10.0.0.9, 10.0.0.8' }, trusted)).toBe('10.0.0.9');
    // a garbled hop ends what is believed
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': '198.51.100.1, not-an-ip' }, trusted)).toBe(
      '127.0.0.1',
    );
    expect(clientAddress('127.0.0.1', { 'x-forwarded-for': 'not-an-ip, 10.0.0.2' }, trusted)).toBe(
      '10.0.0.2',
    );
  });
});
