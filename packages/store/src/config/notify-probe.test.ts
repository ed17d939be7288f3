import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { OutboundPolicy } from '../net/outbound.js';
import { probe, probeStatus, probeTarget } from './notify-probe.js';

describe('probeTarget', () => {
  it('finds the address each target type names', () => {
    expect(probeTarget('webhook', { endpoint: 'http://h:8080/x' })).toEqual({
      kind: 'http',
      url: 'http://h:8080/x',
    });
    expect(probeTarget('amqp', { url: 'amqp://u:p@mq:5673' })).toEqual({
      kind: 'tcp',
      addresses: [{ host: 'mq', port: 5673 }],
    });
    expect(probeTarget('mqtt', { broker: 'tcp://broker' })).toEqual({
      kind: 'tcp',
      addresses: [{ host: 'broker', port: 1883 }],
    });
    expect(probeTarget('kafka', { brokers: 'k1:9093,k2' })).toEqual({
      kind: 'tcp',
      addresses: [
        { host: 'k1', port: 9093 },
        { host: 'k2', port: 9092 },
      ],
    });
    expect(probeTarget('redis', { address: '[::1]:6380' })).toEqual({
      kind: 'tcp',
      addresses: [{ host: '::1', port: 6380 }],
    });
    expect(probeTarget('postgres', { connection_string: "host=db port=5433 dbname='ev'" })).toEqual({
      kind: 'tcp',
      addresses: [{ host: 'db', port: 5433 }],
    });
    expect(probeTarget('postgres', { connection_string: 'postgres://u@pg/ev' })).toEqual({
      kind: 'tcp',
      addresses: [{ host: 'pg', port: 5432 }],
    });
    expect(probeTarget('mysql', { dsn_string: 'u:p@tcp(maria:3307)/ev' })).toEqual({
      kind: 'tcp',
      addresses: [{ host: 'maria', port: 3307 }],
    });
    expect(probeTarget('nats', { address: 'nats://n:4223' })).toEqual({
      kind: 'tcp',
      addresses: [{ host: 'n', port: 4223 }],
    });
    expect(probeTarget('nsq', { nsqd_address: '' })).toBeUndefined();
    expect(probeTarget('mysql', { dsn_string: 'nonsense' })).toBeUndefined();
  });
});

describe('probe', () => {
  it('succeeds when something listens, and says why when nothing does', async () => {
    const server = createServer((s) => s.destroy());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await expect(
      probe(
        {
          kind: 'tcp',
          addresses: [
            { host: '127.0.0.1', port: 9 },
            { host: '127.0.0.1', port },
          ],
        },
        OutboundPolicy.OPEN,
      ),
    ).resolves.toBeUndefined();
    await new Promise((r) => server.close(r));
    await expect(
      probe({ kind: 'tcp', addresses: [{ host: '127.0.0.1', port }] }, OutboundPolicy.OPEN),
    ).rejects.toThrow(`dial tcp 127.0.0.1:${port}: connect: connection refused`);
    await expect(
      probe({ kind: 'http', url: `http://127.0.0.1:${port}/hook` }, OutboundPolicy.OPEN),
    ).rejects.toThrow(/is not reachable: ECONNREFUSED/);
  });
});

describe('probeStatus', () => {
  it('keeps an answer for 10 seconds, then asks again', async () => {
    const server = createServer((s) => s.destroy());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    const target = { kind: 'tcp' as const, addresses: [{ host: '127.0.0.1', port }] };
    const t0 = 1_000_000;
    expect(await probeStatus(target, OutboundPolicy.OPEN, t0)).toBe(true);
    await new Promise((r) => server.close(r));
    expect(await probeStatus(target, OutboundPolicy.OPEN, t0 + 9_000)).toBe(true);
    expect(await probeStatus(target, OutboundPolicy.OPEN, t0 + 10_000)).toBe(false);
  });
});
