import type { LogFrame } from '@stowage/contract';
import { tokens } from '../../theme/tokens.js';

// One error log entry (spec 002 §3 "Error log message") as the Error Logs list reads it.

/** The line's text: the console message, else the message, else the error's. */
export function logMessage(frame: LogFrame): string {
  return frame.ConsoleMsg || frame.message || frame.error?.message || '';
}

/** The texts Highlight Line looks in. */
function searchable(frame: LogFrame): string[] {
  return [
    frame.level,
    frame.time,
    frame.node,
    frame.api?.name ?? '',
    frame.api?.args?.bucket ?? '',
    frame.api?.args?.object ?? '',
    frame.requestID ?? '',
    frame.remotehost ?? '',
    frame.userAgent ?? '',
    logMessage(frame),
    frame.error?.message ?? '',
    ...(frame.error?.source ?? []),
  ];
}

/** Highlight Line marks entries holding the text (any case); it never hides one. */
export function matchesHighlight(frame: LogFrame, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return needle !== '' && searchable(frame).some((s) => s.toLowerCase().includes(needle));
}

/** Badge colour per MinIO level (ERROR, WARNING, INFO, FATAL, ...). */
export function levelColour(level: string): string {
  const l = level.toUpperCase();
  if (l === 'ERROR' || l === 'FATAL') return tokens.intent.danger;
  if (l.startsWith('WARN')) return tokens.intent.warning;
  return tokens.intent.neutral;
}
