/** Spec 000 §9: byte units are 1024 multiples. */
const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'] as const;
const SHORT_UNITS = ['B', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei', 'Zi', 'Yi'] as const;

/**
 * `1536` → `1.5 KiB`. Whole bytes stay whole (`512 B`); larger units keep one decimal.
 * `short` gives the Kubernetes-style units (`1.5 Ki`).
 */
export function formatBytes(bytes: number, { short = false }: { short?: boolean } = {}): string {
  const units = short ? SHORT_UNITS : UNITS;
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? Math.floor(value) : value.toFixed(1)} ${units[unit]}`;
}

/** Spec 000 §9: thousands separated with commas, whatever the locale. `1234567` → `1,234,567`. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const sign = value < 0 ? '-' : '';
  const digits = Math.trunc(Math.abs(value)).toString();
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** An RFC 3339 time in the reader's locale (date and time); the raw text if unparsable. */
export function formatDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale);
}

const DAY = 86_400;
const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * Spec 000 §9 durations: years over 365 days, months over 30, weeks from 7 to 30 days, days
 * from 1 to 6, otherwise hours, minutes and seconds (`3h 4m 5s`).
 */
export function formatDuration(seconds: number): string {
  const s = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const days = s / DAY;
  if (days > 365) return plural(Math.floor(days / 365), 'year');
  if (days > 30) return plural(Math.floor(days / 30), 'month');
  if (days >= 7) return plural(Math.floor(days / 7), 'week');
  if (days >= 1) return plural(Math.floor(days), 'day');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [h && `${h}h`, (h || m) && `${m}m`, `${s % 60}s`].filter(Boolean);
  return parts.join(' ');
}

/** Spec 000 §9: nanosecond times are shown in seconds with 4 decimals. */
export function formatNanoseconds(ns: number): string {
  return `${(Number.isFinite(ns) ? ns / 1e9 : 0).toFixed(4)}s`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A live event's time of day in the reader's time zone, to the millisecond: `14:07:09.042`. */
export function formatTimeOfDay(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}
