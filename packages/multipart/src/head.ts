import { malformed } from './errors.js';

/** A part's head: its header names lower-cased, and what Content-Disposition names. */
export interface PartHead {
  headers: Map<string, string>;
  name: string;
  /** Present when the disposition has a filename parameter (empty when the browser sent none). */
  filename: string | undefined;
  /** The Content-Type's media type, lower-cased without parameters; '' when absent. */
  contentType: string;
}

/** Parses the header lines of a part (RFC 7578: each part names itself in Content-Disposition). */
export function parseHead(text: string): PartHead {
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const name = param(disposition, 'name');
  if (name === undefined) throw malformed('a part without a name');
  const contentType = (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return { headers, name, filename: param(disposition, 'filename'), contentType };
}

function param(disposition: string, key: string): string | undefined {
  const m = new RegExp(`;\\s*${key}\\s*=\\s*(?:"([^"]*)"|([^;\\s]*))`, 'i').exec(disposition);
  return m ? (m[1] ?? m[2]) : undefined;
}
