import { describe, expect, it } from 'vitest';
import { Bus } from '../observe/bus.js';
import type { LogEntry } from '../observe/logger.js';
import { eventStream } from '../observe/stream.js';
import { logInfo, logTypeFilter, parseGoDuration } from './streams.js';

describe('eventStream', () => {
  it('writes history, then live events as JSON lines, and unsubscribes when destroyed', async () => {
    const bus = new Bus<number>(5);
    bus.publish(1);
    bus.publish(2);
    const stream = eventStream(bus, (n) => (n % 2 === 0 ? { n } : undefined), bus.history(2));
    expect(bus.active).toBe(true);
    bus.publish(4);
    bus.publish(5);
    const chunks: string[] = [];
    let c: Buffer | null = stream.read();
    while (c !== null) {
      chunks.push(c.toString());
      c = stream.read();
    }
    expect(chunks.join('')).toBe(' {"n":2}\n{"n":4}\n');
    stream.destroy();
    await new Promise((r) => setImmediate(r));
    expect(bus.active).toBe(false);
  });
});

describe('parseGoDuration', () => {
  it('reads Go duration strings in nanoseconds', () => {
    expect(parseGoDuration('0s')).toBe(0);
    expect(parseGoDuration('500ms')).toBe(500e6);
    expect(parseGoDuration('1m30s')).toBe(90e9);
    expect(parseGoDuration('1h0m0s')).toBe(3600e9);
    expect(() => parseGoDuration('ten')).toThrow(/invalid duration/);
  });
});

describe('the bus history', () => {
  it('is a ring of the last events kept, oldest first, optionally of those wanted', () => {
    const bus = new Bus<number>(3);
    expect(bus.history(5)).toEqual([]);
    bus.publish(1);
    bus.publish(2);
    expect(bus.history(5)).toEqual([1, 2]);
    for (const n of [3, 4, 5, 6, 7]) bus.publish(n);
    expect(bus.history(5)).toEqual([5, 6, 7]);
    expect(bus.history(2)).toEqual([6, 7]);
    expect(bus.history(0)).toEqual([]);
    // The last n of those wanted, not the wanted among the last n.
    expect(bus.history(1, (n) => n % 2 === 0)).toEqual([6]);
    expect(bus.history(5, (n) => n % 2 === 1)).toEqual([5, 7]);
    expect(new Bus<number>().history(3)).toEqual([]);
  });
});

const TIME = new Date('2026-11-28T10:00:00Z');
const entry = (level: LogEntry['level']): LogEntry => ({ time: TIME, level, message: `a ${level} entry` });

describe('console-log entries', () => {
  it("as MinIO's log.Entry with the node: a request's error carries the request and the source", () => {
    const e: LogEntry = {
      time: TIME,
      level: 'ERROR',
      message: 'photos/cat.jpg: content hash does not match (bitrot)',
      request: {
        api: 'GetObject',
        requestId: '1877A2B3C4D5E6F7',
        remoteHost: '10.0.0.5',
        host: 'store:9000',
        userAgent: 'mc/2024',
        bucket: 'photos',
        object: 'cat.jpg',
      },
      error: { message: 'content hash does not match', source: ['objects.ts:12:read()'] },
    };
    expect(logInfo(e, '127.0.0.1:9000', 'dep-1')).toEqual({
      deploymentid: 'dep-1',
      level: 'ERROR',
      errKind: 'MINIO',
      time: '2026-11-28T10:00:00.000Z',
      api: { name: 'GetObject', args: { bucket: 'photos', object: 'cat.jpg' } },
      remotehost: '10.0.0.5',
      host: 'store:9000',
      requestID: '1877A2B3C4D5E6F7',
      userAgent: 'mc/2024',
      message: 'photos/cat.jpg: content hash does not match (bitrot)',
      error: { message: 'content hash does not match', source: ['objects.ts:12:read()'] },
      ConsoleMsg: 'photos/cat.jpg: content hash does not match (bitrot)',
      node: '127.0.0.1:9000',
    });
  });

  it("the store's own entries have no request part", () => {
    expect(logInfo(entry('INFO'), 'n', 'd')).toEqual({
      deploymentid: 'd',
      level: 'INFO',
      errKind: 'MINIO',
      time: '2026-11-28T10:00:00.000Z',
      message: 'a INFO entry',
      ConsoleMsg: 'a INFO entry',
      node: 'n',
    });
  });

  it("logType: madmin 2's kinds, madmin 3's levels, anything else all (as MinIO)", () => {
    const all = (['INFO', 'WARNING', 'ERROR', 'FATAL'] as const).map(entry);
    const kept = (logType: string) => all.filter(logTypeFilter(logType)).map((e) => e.level);
    expect(kept('')).toEqual(['INFO', 'WARNING', 'ERROR', 'FATAL']);
    expect(kept('ALL')).toEqual(['INFO', 'WARNING', 'ERROR', 'FATAL']);
    expect(kept('MINIO')).toEqual(['INFO', 'WARNING', 'ERROR', 'FATAL']);
    expect(kept('APPLICATION')).toEqual([]);
    expect(kept('error')).toEqual(['ERROR']);
    expect(kept('WARNING')).toEqual(['WARNING']);
    expect(kept('EVENT')).toEqual([]);
    expect(kept('nonsense')).toEqual(['INFO', 'WARNING', 'ERROR', 'FATAL']);
  });
});
