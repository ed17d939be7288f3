// Durations as MinIO writes them: Go's time.ParseDuration syntax, a sequence of decimal
// numbers each with a unit ("24h", "1h30m", "1.5s", "300ms"); "0" alone is zero. The
// configuration also takes whole days ("7d"), as some of its help texts offer.

/**
 * The longest wait a Node timer takes (2^31 - 1 ms, about 24.8 days): a longer one fires at
 * once, again and again. Configured waits are held to it.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};
const PART = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/y;

/** Milliseconds, or undefined when `text` is not a duration. */
export function parseDuration(text: string): number | undefined {
  let s = text.trim();
  let sign = 1;
  if (s.startsWith('-') || s.startsWith('+')) {
    if (s[0] === '-') sign = -1;
    s = s.slice(1);
  }
  if (s === '0') return 0;
  if (s === '') return undefined;
  let ms = 0;
  PART.lastIndex = 0;
  while (PART.lastIndex < s.length) {
    const at = PART.lastIndex;
    const m = PART.exec(s);
    if (!m || m.index !== at) return undefined;
    ms += Number(m[1]) * UNIT_MS[m[2]!]!;
  }
  return sign * ms;
}

/** A configured duration in milliseconds: Go syntax or whole days ("7d"); undefined if neither. */
export function configDuration(text: string): number | undefined {
  const days = /^(\d+)d$/.exec(text.trim());
  return days ? Number(days[1]) * 86_400_000 : parseDuration(text);
}
