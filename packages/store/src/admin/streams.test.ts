import { describe, expect, it } from 'vitest';
import { Bus } from '../observe/bus.js';
import { eventStream } from '../observe/stream.js';
import { parseGoDuration } from './streams.js';

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
