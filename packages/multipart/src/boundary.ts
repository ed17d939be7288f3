import { malformed } from './errors.js';

/** The boundary parameter of a multipart/form-data Content-Type (quoted or not). */
export function boundaryOf(contentType: string | undefined): string {
  const m = /^multipart\/form-data;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  const boundary = m?.[1] ?? m?.[2];
  // RFC 2046 allows at most 70 characters; longer ones are still read, as Go's reader does.
  if (!boundary) throw malformed('no multipart/form-data boundary');
  return boundary;
}
