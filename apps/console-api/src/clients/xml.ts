// A minimal XML writer for S3 configuration bodies the SDK cannot send as S3 expects.

export type XmlValue = string | number | boolean | XmlObject | XmlValue[] | undefined;
export interface XmlObject {
  [element: string]: XmlValue;
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `<name>…</name>`; arrays repeat the element, undefined leaves it out. */
export function xmlElementOf(name: string, value: XmlValue): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => xmlElementOf(name, v)).join('');
  if (typeof value === 'object') {
    const body = Object.entries(value)
      .map(([k, v]) => xmlElementOf(k, v))
      .join('');
    return `<${name}>${body}</${name}>`;
  }
  return `<${name}>${escapeText(String(value))}</${name}>`;
}
