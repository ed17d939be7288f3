import { type DateParts, isRealDate } from '../../components/dateParts.js';

// Spec 001 §4, §5, §9: the rules of the object dialogs (share, retention, tags).

/** Share links last at most, and by default, 7 days. */
export const MAX_SHARE_MS = 7 * 24 * 60 * 60 * 1000;

export type ShareCheck =
  | { ok: true; expiresMs: number }
  | { ok: false; error: 'invalidDate' | 'notFuture' | 'tooLong' };

/**
 * A specific share date: its last second (23:59:59 local) must be in the future and at most
 * 7 days away. The link's lifetime is the time from now to then.
 */
export function checkShareDate(parts: DateParts | undefined, now: Date): ShareCheck {
  if (!isRealDate(parts)) return { ok: false, error: 'invalidDate' };
  const end = new Date(parts.year, parts.month - 1, parts.day, 23, 59, 59);
  const ms = end.getTime() - now.getTime();
  if (ms <= 0) return { ok: false, error: 'notFuture' };
  if (ms > MAX_SHARE_MS) return { ok: false, error: 'tooLong' };
  return { ok: true, expiresMs: ms };
}

/** The share call's `expires`: a Go-style duration in milliseconds. */
export const shareExpires = (ms: number) => `${Math.floor(ms)}ms`;

export type RetentionModeChoice = 'governance' | 'compliance';

export interface RetentionDraft {
  enabled: boolean;
  mode: RetentionModeChoice | null;
  date: DateParts | undefined;
}

/** Save needs, when enabled, a mode and a real date; switching off is always saveable. */
export function canSaveRetention(d: RetentionDraft): boolean {
  if (!d.enabled) return true;
  return d.mode !== null && isRealDate(d.date);
}

/** Switched off: a governance retention is removed (a delete); compliance cannot be. */
export type RetentionAction =
  | { kind: 'set'; mode: RetentionModeChoice; expires: string }
  | { kind: 'clear' }
  | { kind: 'none' };

export function retentionAction(
  d: RetentionDraft,
  current: RetentionModeChoice | undefined,
): RetentionAction {
  if (!d.enabled) return current === 'governance' ? { kind: 'clear' } : { kind: 'none' };
  if (!canSaveRetention(d) || d.mode === null || !d.date) return { kind: 'none' };
  const { year, month, day } = d.date;
  const expires = new Date(Date.UTC(year, month - 1, day, 23, 59, 59)).toISOString();
  return { kind: 'set', mode: d.mode, expires };
}

/** Add New Tag: both key and value non-blank (spec 001 §5). */
export const canAddTag = (key: string, value: string) => key.trim() !== '' && value.trim() !== '';
