import { currentIntlLocale } from '../i18n/index.js';

// Formatters are costly to build and tables format thousands of cells: one per locale and
// options. The first one a page builds also loads the language's data (20-30 ms in a fresh
// Chromium page on a slow machine): warmFormatters builds the common ones while the page idles.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function memo<T>(cache: Map<string, T>, locale: string, options: object, make: () => T): T {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  memo(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  memo(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));

const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

/**
 * In a right-to-left language a Latin value such as `1.5 KiB` would be reordered to `KiB 1.5`;
 * Unicode isolates (LRI … PDI) keep it reading left to right inside the sentence.
 */
function isolateInRtl(text: string, locale: string): string {
  return RTL_LANGUAGES.has(locale.split('-')[0] ?? '') ? `\u2066${text}\u2069` : text;
}

/** Spec 000 §9: byte units are 1024 multiples. */
const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'] as const;
const SHORT_UNITS = ['B', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei', 'Zi', 'Yi'] as const;

/**
 * `1536` → `1.5 KiB` (German `1,5 KiB`). Whole bytes stay whole (`512 B`); larger units keep one
 * decimal. `short` gives the Kubernetes-style units (`1.5 Ki`). Unit symbols are the same everywhere.
 */
export function formatBytes(
  bytes: number,
  { short = false, locale = currentIntlLocale() }: { short?: boolean; locale?: string } = {},
): string {
  const units = short ? SHORT_UNITS : UNITS;
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : 1;
  const number = numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  }).format(unit === 0 ? Math.floor(value) : value);
  return isolateInRtl(`${number} ${units[unit]}`, locale);
}

/**
 * Spec 000 §9: whole numbers with thousands separated, `1234567` → `1,234,567` in English; other
 * languages use their own separators (`1.234.567`, `1 234 567`).
 */
export function formatNumber(value: number, locale = currentIntlLocale()): string {
  if (!Number.isFinite(value)) return '0';
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(Math.trunc(value));
}

/** An RFC 3339 time in the reader's language (date and time); the raw text if unparsable. */
export function formatDateTime(iso: string, locale = currentIntlLocale()): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale);
}

const DAY = 86_400;
// `1 year`, `2 Jahre`, `3年`: the language's own unit names and plurals.
const long = (n: number, unit: string, locale: string) =>
  numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(n);
const narrow = (n: number, unit: string, locale: string, digits = 0) =>
  numberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'narrow',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(n);

/**
 * Spec 000 §9 durations: years over 365 days, months over 30, weeks from 7 to 30 days, days
 * from 1 to 6, otherwise hours, minutes and seconds (`3h 4m 5s`).
 */
export function formatDuration(seconds: number, locale = currentIntlLocale()): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const days = s / DAY;
  if (days > 365) return long(Math.floor(days / 365), 'year', locale);
  if (days > 30) return long(Math.floor(days / 30), 'month', locale);
  if (days >= 7) return long(Math.floor(days / 7), 'week', locale);
  if (days >= 1) return long(Math.floor(days), 'day', locale);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [
    h > 0 && narrow(h, 'hour', locale),
    (h > 0 || m > 0) && narrow(m, 'minute', locale),
    narrow(s % 60, 'second', locale),
  ];
  return parts.filter(Boolean).join(' ');
}

/** Spec 000 §9: nanosecond times are shown in seconds with 4 decimals. */
export function formatNanoseconds(ns: number, locale = currentIntlLocale()): string {
  return narrow(Number.isFinite(ns) ? ns / 1e9 : 0, 'second', locale, 4);
}

const two = (n: number) => String(n).padStart(2, '0');

/** A live event's time of day in the reader's time zone, to the millisecond: `14:07:09.042`. */
export function formatTimeOfDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** A chart's time of day from Unix seconds, to the minute, in the reader's language and time zone: `14:05`. */
export function formatClock(seconds: number, locale = currentIntlLocale()): string {
  return dateFormat(locale, CLOCK).format(seconds * 1000);
}

/**
 * Builds the formatters the first screens use (sizes, counts, durations, chart times) for the
 * language, so that the screen after a login does not wait for them. Meant for idle time.
 */
export function warmFormatters(locale = currentIntlLocale()): void {
  formatBytes(1536, { locale });
  formatBytes(1, { locale });
  formatNumber(1, locale);
  // Each range of formatDuration: seconds to hours, days, weeks, months, years.
  for (const seconds of [3661, DAY, 7 * DAY, 31 * DAY, 366 * DAY]) formatDuration(seconds, locale);
  formatClock(0, locale);
}
