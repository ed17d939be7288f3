import { BlockList } from 'node:net';
import { describe, expect, it } from 'vitest';
import { parseAddressRange } from './address-range.js';

describe('parseAddressRange', () => {
  it('reads addresses and CIDR ranges of both families', () => {
    expect(parseAddressRange('10.1.2.3')).toEqual({ network: '10.1.2.3', prefix: 32, type: 'ipv4' });
    expect(parseAddressRange('10.0.0.0/8')).toEqual({ network: '10.0.0.0', prefix: 8, type: 'ipv4' });
    expect(parseAddressRange('fd00::1')).toEqual({ network: 'fd00::1', prefix: 128, type: 'ipv6' });
    expect(parseAddressRange('fd00::/8')).toEqual({ network: 'fd00::', prefix: 8, type: 'ipv6' });
    expect(parseAddressRange('0.0.0.0/0')).toEqual({ network: '0.0.0.0', prefix: 0, type: 'ipv4' });
  });

  it('is undefined for anything else', () => {
    for (const bad of [
      '',
      'hooks.example.com',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.0/8/8',
      '10.0.0.0/',
      '10.0.0.0/x',
      ' 10.0.0.1',
      '10.0.0.256',
      '[fd00::1]',
    ])
      expect(parseAddressRange(bad), bad).toBeUndefined();
  });

  it('makes BlockList rules that match the range, IPv4 mapped into IPv6 too', () => {
    const list = new BlockList();
    for (const entry of ['10.0.0.0/8', 'fd00::1']) {
      const r = parseAddressRange(entry)!;
      list.addSubnet(r.network, r.prefix, r.type);
    }
    expect(list.check('10.200.0.1', 'ipv4')).toBe(true);
    expect(list.check('::ffff:10.200.0.1', 'ipv6')).toBe(true);
    expect(list.check('11.0.0.1', 'ipv4')).toBe(false);
    expect(list.check('fd00::1', 'ipv6')).toBe(true);
    expect(list.check('fd00::2', 'ipv6')).toBe(false);
  });
});
