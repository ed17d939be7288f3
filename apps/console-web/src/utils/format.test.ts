import { afterEach, beforeEach, describe, expect, it, test, vi } from 'vitest';
import {
  formatBytes,
  formatClock,
  formatDateTime,
  formatDuration,
  formatNanoseconds,
  formatNumber,
  formatTimeOfDay,
} from './format.js';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [1536, '1.5 KiB'],
    [1024 ** 2, '1.0 MiB'],
    [5.25 * 1024 ** 3, '5.3 GiB'],
    [1024 ** 4, '1.0 TiB'],
    [1024 ** 5, '1.0 PiB'],
    [1024 ** 6, '1.0 EiB'],
    [1024 ** 7, '1.0 ZiB'],
    [1024 ** 8, '1.0 YiB'],
    [1024 ** 9, '1024.0 YiB'],
  ])('%d bytes is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('gives short units on request', () => {
    expect(formatBytes(3 * 1024 ** 3, { short: true })).toBe('3.0 Gi');
  });

  it('treats negative and non-finite sizes as zero', () => {
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });
});

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-1234, '-1,234'],
    [12.9, '12'],
  ])('%d is %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});

describe('formatDateTime', () => {
  it('formats a valid time with date and time', () => {
    const iso = '2024-03-05T14:07:00Z';
    expect(formatDateTime(iso, 'en-US')).toBe(new Date(iso).toLocaleString('en-US'));
  });

  it('returns unparsable text as is', () => {
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [59, '59s'],
    [61, '1m 1s'],
    [3600, '1h 0m 0s'],
    [3 * 3600 + 4 * 60 + 5, '3h 4m 5s'],
    [86_400, '1 day'],
    [6 * 86_400 + 3600, '6 days'],
    [7 * 86_400, '1 week'],
    [30 * 86_400, '4 weeks'],
    [31 * 86_400, '1 month'],
    [365 * 86_400, '12 months'],
    [366 * 86_400, '1 year'],
    [800 * 86_400, '2 years'],
    [-5, '0s'],
  ])('%d s is %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatNanoseconds', () => {
  it('shows seconds with four decimals', () => {
    expect(formatNanoseconds(1_234_567_890)).toBe('1.2346s');
    expect(formatNanoseconds(500)).toBe('0.0000s');
  });
});

test('a live event shows its local time of day to the millisecond', () => {
  const at = new Date(2026, 10, 28, 9, 5, 7, 42);
  expect(formatTimeOfDay(at.toISOString())).toBe('09:05:07.042');
  expect(formatTimeOfDay('not a time')).toBe('not a time');
});

describe('formatting in the reader’s language', () => {
  it('formats sizes, numbers and durations in German', () => {
    expect(formatBytes(1536, { locale: 'de-DE' })).toBe('1,5 KiB');
    expect(formatBytes(512, { locale: 'de-DE' })).toBe('512 B');
    expect(formatNumber(1234567, 'de-DE')).toBe('1.234.567');
    expect(formatDuration(2 * 365 * 86_400 + 2 * 86_400, 'de-DE')).toBe('2 Jahre');
    expect(formatDuration(86_400, 'de-DE')).toBe('1 Tag');
    expect(formatNanoseconds(1_234_500, 'de-DE')).toContain('0,0012');
    expect(formatDateTime('2024-03-05T14:07:00Z', 'de-DE')).toBe(
      new Date('2024-03-05T14:07:00Z').toLocaleString('de-DE'),
    );
  });

  it('formats in Japanese', () => {
    expect(formatDuration(10 * 86_400, 'ja-JP')).toBe('1 週間');
    expect(formatDuration(3 * 3600 + 4 * 60 + 5, 'ja-JP')).toBe('3h 4m 5s');
    expect(formatNumber(1234567, 'ja-JP')).toBe('1,234,567');
    expect(formatDateTime('2024-03-05T14:07:00Z', 'ja-JP')).toMatch(/^2024\/3\/\d+ \d+:07:00$/);
  });

  it('formats in Arabic, with its own plural forms for units', () => {
    expect(formatDuration(2 * 86_400, 'ar')).toBe('يومان');
    expect(formatDuration(400 * 86_400, 'ar')).toBe('سنة');
    // Isolated so the right-to-left line does not reorder it to "GiB 3.0".
    expect(formatBytes(3 * 1024 ** 3, { locale: 'ar' })).toBe('\u20663.0 GiB\u2069');
  });

  it('keeps English as the spec writes it', () => {
    expect(formatNumber(1234567, 'en-US')).toBe('1,234,567');
    expect(formatDuration(3 * 3600 + 4 * 60 + 5, 'en-US')).toBe('3h 4m 5s');
    expect(formatDuration(2 * 86_400, 'en-US')).toBe('2 days');
  });
});

describe('formatClock', () => {
  it.each(['en-US', 'de-DE', 'ja-JP', 'ar'])('gives the hour and minute as %s reads them', (locale) => {
    for (const seconds of [0, 1_700_000_000, 1_700_043_210]) {
      const expected = new Date(seconds * 1000).toLocaleTimeString(locale, {
        hour: '2-digit',
        minute: '2-digit',
      });
      expect(formatClock(seconds, locale)).toBe(expected);
    }
  });
});

describe('warmFormatters', () => {
  const { NumberFormat, DateTimeFormat } = Intl;
  let built = 0;
  // A fresh copy of the module for each test: its formatter cache starts empty.
  let format: typeof import('./format.js');

  beforeEach(async () => {
    vi.resetModules();
    format = await import('./format.js');
    built = 0;
    // Counting subclasses in place of the constructors: every formatter built is seen.
    Intl.NumberFormat = class extends NumberFormat {
      constructor(...args: ConstructorParameters<typeof NumberFormat>) {
        super(...args);
        built += 1;
      }
    } as typeof NumberFormat;
    Intl.DateTimeFormat = class extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args);
        built += 1;
      }
    } as typeof DateTimeFormat;
  });

  afterEach(() => {
    Intl.NumberFormat = NumberFormat;
    Intl.DateTimeFormat = DateTimeFormat;
  });

  it('builds every formatter the first screens use, so that none is built while they draw', () => {
    const locale = 'fr-CA';
    format.warmFormatters(locale);
    const warmed = built;
    expect(warmed).toBeGreaterThan(0);

    format.formatBytes(3 * 1024 ** 3, { locale });
    format.formatBytes(100, { locale });
    format.formatNumber(1234567, locale);
    format.formatDuration(3 * 3600 + 4 * 60 + 5, locale);
    format.formatDuration(59, locale);
    format.formatDuration(10 * 86_400, locale);
    format.formatDuration(40 * 86_400, locale);
    format.formatDuration(400 * 86_400, locale);
    format.formatClock(1_700_000_000, locale);
    expect(built).toBe(warmed);
  });

  it('builds nothing again for a language already warmed', () => {
    format.warmFormatters('fr-CA');
    built = 0;
    format.warmFormatters('fr-CA');
    expect(built).toBe(0);
  });
});
