// A small XML writer for S3/STS responses: elements built as data, rendered once by the
// response writer, with every text and attribute escaped here and nowhere else.

export type XmlChild = XmlElement | string | number | boolean | null | undefined;

export interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlChild[];
}

export const S3_NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';

/** An element; null/undefined children are left out, so optional fields read naturally. */
export function el(name: string, ...children: Array<XmlChild | readonly XmlChild[]>): XmlElement {
  return { name, attrs: {}, children: children.flat() };
}

export function elAttrs(
  name: string,
  attrs: Record<string, string>,
  ...children: Array<XmlChild | readonly XmlChild[]>
): XmlElement {
  return { name, attrs, children: children.flat() };
}

/**
 * Escapes text and attribute values. Control characters (legal in S3 keys) become
 * character references, so a key read back from a listing is the key that was written;
 * tab, CR and LF too, because parsers would otherwise normalise them away.
 */
export function escapeXml(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we escape
  return s.replace(/[&<>"'\x00-\x1f\x7f]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      default:
        return `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`;
    }
  });
}

function render(node: XmlElement, out: string[]): void {
  out.push('<', node.name);
  for (const [k, v] of Object.entries(node.attrs)) out.push(' ', k, '="', escapeXml(v), '"');
  out.push('>');
  for (const child of node.children) {
    if (child === null || child === undefined) continue;
    if (typeof child === 'object') render(child, out);
    else out.push(escapeXml(String(child)));
  }
  out.push('</', node.name, '>');
}

export function renderXml(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  render(root, out);
  return out.join('');
}
