import type { TraceFrame } from '@stowage/contract';

// How one traced call reads in the table (spec 002 §2.9 columns), as the original console
// showed it: the status as code and text, the location as node and client.

/** `404 Not Found`; empty for a call without HTTP (a drive or OS call). */
export function traceStatus(frame: TraceFrame): string {
  return frame.statusCode ? `${frame.statusCode} ${frame.statusMsg}`.trim() : '';
}

/** The node that served the call and the caller's address. */
export function traceLocation(frame: TraceFrame): string {
  return [frame.host, frame.client].filter(Boolean).join(' ');
}

/** A call matches the search when any shown text holds it (case-insensitive). */
export function traceMatches(frame: TraceFrame, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [frame.api, frame.method, frame.path, traceStatus(frame), traceLocation(frame)].some((text) =>
    text.toLowerCase().includes(needle),
  );
}
