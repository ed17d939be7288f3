import { describe, expect, it } from 'vitest';
import { driveTone, healthTone, serverTone } from './health.js';
import { widgetStep } from './timeRange.js';

describe('dashboard health rules (spec 000 §4)', () => {
  it.each([
    [4, 4, 'good'],
    [3, 4, 'warning'], // one more than half
    [2, 4, 'bad'], // half
    [1, 4, 'bad'],
    [3, 5, 'warning'], // 2.5 + 0.5: the first count above half
    [2, 5, 'bad'],
    [5, 7, 'warning'],
    [1, 1, 'good'],
    [0, 1, 'bad'],
    [0, 0, 'neutral'],
  ] as const)('%d of %d healthy is %s', (healthy, total, tone) => {
    expect(healthTone(healthy, total)).toBe(tone);
  });

  it('colours drive and server states', () => {
    expect(driveTone('ok')).toBe('good');
    expect(driveTone('offline')).toBe('bad');
    expect(driveTone('unformatted')).toBe('neutral');
    expect(serverTone('online')).toBe('good');
    expect(serverTone('offline')).toBe('bad');
  });

  it('asks for a step of the range in minutes, 15 under a minute', () => {
    expect(widgetStep({ start: 0, end: 3600 })).toBe(60);
    expect(widgetStep({ start: 0, end: 59 })).toBe(15);
    expect(widgetStep({ start: 0, end: 86_400 })).toBe(1440);
  });
});
