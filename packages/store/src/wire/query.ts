// Percent-decoding of request paths and queries, as Go's net/url does it: for the HTTP
// server, which parses each request once, and for the audit log, which shows a query.

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Percent-decodes to UTF-8; undefined on a bad escape or invalid UTF-8. */
export function percentDecode(s: string, plusIsSpace: boolean): string | undefined {
  if (!/[%+\x80-\xff]/.test(s)) return s;
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x25) {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (c === 0x2b && plusIsSpace) {
      bytes.push(0x20);
    } else if (c > 0xff) {
      return undefined;
    } else {
      // Node hands over raw non-ASCII request-line bytes as latin1 characters.
      bytes.push(c);
    }
  }
  try {
    return utf8.decode(Uint8Array.from(bytes));
  } catch {
    return undefined;
  }
}

export function parseQuery(raw: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq);
    const v = eq < 0 ? '' : part.slice(eq + 1);
    // Undecodable parameters are kept raw; the signature check will then fail on them.
    pairs.push([percentDecode(k, true) ?? k, percentDecode(v, true) ?? v]);
  }
  return pairs;
}
