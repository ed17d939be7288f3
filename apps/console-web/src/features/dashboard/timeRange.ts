/** A dashboard range in unix seconds. */
export interface TimeRange {
  start: number;
  end: number;
}

export const DEFAULT_RANGE_SECONDS = 3600;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The last hour, ending now. */
export function defaultRange(now = nowSeconds()): TimeRange {
  return { start: now - DEFAULT_RANGE_SECONDS, end: now };
}

/** Spec 000 §7: step is the range in minutes, or 15 when the range is under one minute. */
export function widgetStep({ start, end }: TimeRange): number {
  const minutes = Math.floor((end - start) / 60);
  return minutes < 1 ? 15 : Math.min(minutes, 86_400);
}

/** `<input type="datetime-local">` text in the reader's time zone, and back. */
export function toLocalInput(seconds: number): string {
  const d = new Date(seconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(text: string): number | undefined {
  const ms = new Date(text).getTime();
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}
