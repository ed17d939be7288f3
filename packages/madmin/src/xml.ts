/**
 * Just enough XML reading for the small, fixed documents the admin and STS endpoints answer
 * with (error envelopes, AssumeRole results): find an element by name, read its text.
 * No namespaces prefixes, DTDs or attributes; not a general parser.
 */

function isNameEnd(c: string | undefined): boolean {
  return c === '>' || c === '/' || c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

/** Index of the next `<name` start tag (or `</name` with close) at or after `from`, or -1. */
function findTag(xml: string, name: string, from: number, close: boolean): number {
  const needle = close ? `</${name}` : `<${name}`;
  for (let i = xml.indexOf(needle, from); i !== -1; i = xml.indexOf(needle, i + 1)) {
    if (isNameEnd(xml[i + needle.length])) return i;
  }
  return -1;
}

/** Raw inner content of the first element called `name`; '' for `<name/>`. Nesting-aware. */
export function xmlElement(xml: string, name: string): string | undefined {
  const open = findTag(xml, name, 0, false);
  if (open === -1) return undefined;
  const openEnd = xml.indexOf('>', open);
  if (openEnd === -1) return undefined;
  if (xml[openEnd - 1] === '/') return '';
  let depth = 1;
  let at = openEnd + 1;
  while (depth > 0) {
    const nextClose = findTag(xml, name, at, true);
    if (nextClose === -1) return undefined;
    const nextOpen = findTag(xml, name, at, false);
    if (nextOpen !== -1 && nextOpen < nextClose) {
      const end = xml.indexOf('>', nextOpen);
      if (end === -1) return undefined;
      if (xml[end - 1] !== '/') depth++;
      at = end + 1;
    } else {
      depth--;
      if (depth === 0) return xml.slice(openEnd + 1, nextClose);
      at = nextClose + 1;
    }
  }
  return undefined;
}

/** Follows a path of element names, each looked up inside the previous one. */
export function xmlPath(xml: string, path: readonly string[]): string | undefined {
  let current: string | undefined = xml;
  for (const name of path) {
    if (current === undefined) return undefined;
    current = xmlElement(current, name);
  }
  return current;
}

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  let out = '';
  let at = 0;
  for (let amp = s.indexOf('&'); amp !== -1; amp = s.indexOf('&', at)) {
    const semi = s.indexOf(';', amp);
    if (semi === -1) break;
    const ref = s.slice(amp + 1, semi);
    let ch = NAMED[ref];
    if (ch === undefined && ref.startsWith('#')) {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      if (Number.isInteger(code) && code >= 0 && code <= 0x10ffff) ch = String.fromCodePoint(code);
    }
    out += s.slice(at, amp) + (ch ?? s.slice(amp, semi + 1));
    at = semi + 1;
  }
  return out + s.slice(at);
}

/** Character data of an element's content: entities decoded, CDATA kept verbatim, tags dropped. */
export function xmlDecodeText(content: string): string {
  let out = '';
  let at = 0;
  while (at < content.length) {
    const lt = content.indexOf('<', at);
    if (lt === -1) {
      out += decodeEntities(content.slice(at));
      break;
    }
    out += decodeEntities(content.slice(at, lt));
    if (content.startsWith('<![CDATA[', lt)) {
      const end = content.indexOf(']]>', lt);
      if (end === -1) break;
      out += content.slice(lt + 9, end);
      at = end + 3;
    } else {
      const end = content.indexOf('>', lt);
      if (end === -1) break;
      at = end + 1;
    }
  }
  return out;
}

/** Decoded text at a path, or undefined when an element is missing. */
export function xmlText(xml: string, path: readonly string[]): string | undefined {
  const raw = xmlPath(xml, path);
  return raw === undefined ? undefined : xmlDecodeText(raw);
}
