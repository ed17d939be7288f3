import { describe, expect, it } from 'vitest';
import { hostPort, mqttPort, normalHost, urlAddress, urlHostPort } from './address.js';

describe('addresses', () => {
  it('compares hosts without brackets, case or a trailing dot', () => {
    expect(normalHost(' [FD00::1] ')).toBe('fd00::1');
    expect(normalHost('Hooks.Example.COM.')).toBe('hooks.example.com');
  });

  it('reads host:port, a bracketed IPv6 address, and the default port', () => {
    expect(hostPort('k1:9093', 9092)).toEqual({ host: 'k1', port: 9093 });
    expect(hostPort('[::1]:6380', 6379)).toEqual({ host: '::1', port: 6380 });
    expect(hostPort('redis', 6379)).toEqual({ host: 'redis', port: 6379 });
    expect(hostPort('', 6379)).toBeUndefined();
  });

  it('takes a URL’s port, or the one its scheme means', () => {
    expect(urlHostPort(new URL('https://[fd00::1]/x'))).toEqual({ host: 'fd00::1', port: 443 });
    expect(urlHostPort(new URL('http://Hooks.Example:8080'))).toEqual({ host: 'hooks.example', port: 8080 });
    expect(urlHostPort(new URL('wss://broker'))).toEqual({ host: 'broker', port: 443 });
    expect(urlHostPort(new URL('amqps://mq'), 5671)).toEqual({ host: 'mq', port: 5671 });
    expect(urlAddress('http://h')).toEqual({ host: 'h', port: 80 });
    expect(urlAddress('not a url')).toBeUndefined();
    expect(mqttPort('ssl://b')).toBe(8883);
    expect(mqttPort('tcp://b')).toBe(1883);
  });
});
