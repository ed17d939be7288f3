import { XML_READ_OPTIONS } from '@stowage/madmin';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ApiError } from './errors.js';

export type XmlValue = string | XmlObject | XmlValue[];
export interface XmlObject {
  [name: string]: XmlValue;
}

// Text is kept exactly as sent, as Go's encoding/xml keeps it for MinIO: an object key or
// a tag value may begin or end with spaces, and trimming would name another key. The
// whitespace that only lays a document out (between elements) is dropped after parsing.
const parser = new XMLParser(XML_READ_OPTIONS);

/** Most tags a request document may have unless its caller allows more (Complete's parts). */
const MAX_TAGS = 25_000;

/**
 * Parses a request document; anything not well-formed, or not rooted at `root`, is
 * MalformedXML. Parsing is synchronous: the tag count is bounded before it starts, or a few
 * MiB of empty elements would hold every other request for seconds. A DOCTYPE is refused:
 * no S3 document has one, and its entities would expand into keys the client never sent.
 */
export function parseRequestXml(body: Buffer, root: string, opts: { maxTags?: number } = {}): XmlObject {
  const text = body.toString('utf8');
  if (countTags(text, opts.maxTags ?? MAX_TAGS) < 0 || /<!DOCTYPE/i.test(text))
    throw new ApiError('MalformedXML');
  if (XMLValidator.validate(text) !== true || !xmlCharsOnly(text)) throw new ApiError('MalformedXML');
  let parsed: XmlObject;
  try {
    parsed = parser.parse(text) as XmlObject;
  } catch {
    // What the validator lets through but the parser refuses (nesting past its limit).
    throw new ApiError('MalformedXML');
  }
  const doc = withoutLayout(parsed) as XmlObject;
  return objectOf(doc[root]);
}

const CHAR_REF = /&#(x[0-9a-fA-F]+|[0-9]+);/g;

/** An XML 1.0 Char (§2.2): what a character reference may name, as Go's encoding/xml checks. */
const isXmlChar = (c: number): boolean =>
  c === 0x9 ||
  c === 0xa ||
  c === 0xd ||
  (c >= 0x20 && c <= 0xd7ff) ||
  (c >= 0xe000 && c <= 0xfffd) ||
  (c >= 0x10000 && c <= 0x10ffff);

/** A UTF-16 surrogate: half of a character past U+FFFF (toString('utf8') never leaves one alone). */
const isSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdfff;

/**
 * Whether the text holds only characters XML allows, raw or as character references. The
 * parser would drop a reference to NUL or to a surrogate without a word: `a&#0;b` would name
 * key `ab`, another object (MinIO, through Go, answers MalformedXML).
 */
function xmlCharsOnly(text: string): boolean {
  for (let i = 0; i < text.length; i++)
    if (!isXmlChar(text.charCodeAt(i)) && !isSurrogate(text.charCodeAt(i))) return false;
  for (const [, ref] of text.matchAll(CHAR_REF)) {
    const code = ref!.startsWith('x') ? Number.parseInt(ref!.slice(1), 16) : Number.parseInt(ref!, 10);
    if (!isXmlChar(code)) return false;
  }
  return true;
}

/** The number of '<' in text, or -1 once it passes `max`. */
function countTags(text: string, max: number): number {
  let n = 0;
  for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) if (++n > max) return -1;
  return n;
}

const isLayout = (v: XmlValue | undefined): boolean => typeof v === 'string' && v.trim() === '';

/** Drops the whitespace between child elements (the text of an element that has children). */
function withoutLayout(v: XmlValue): XmlValue {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(withoutLayout);
  const out: XmlObject = {};
  for (const [name, child] of Object.entries(v)) {
    if (name === '#text' && isLayout(child)) continue;
    out[name] = withoutLayout(child);
  }
  return out;
}

/** A child element's text, undefined when absent; repeated or nested elements are MalformedXML. */
export function textOf(obj: XmlObject, name: string): string | undefined {
  const v = obj[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new ApiError('MalformedXML');
  return v;
}

/** Elements that may repeat arrive as one value or an array; both mean a list. */
export function listOf(v: XmlValue | undefined): XmlValue[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

/**
 * A child that must be an element with children. One with none, <E/>, <E></E> or only
 * whitespace inside, counts as an empty one.
 */
export function objectOf(v: XmlValue | undefined): XmlObject {
  if (isLayout(v)) return {};
  if (v === undefined || typeof v !== 'object' || Array.isArray(v)) throw new ApiError('MalformedXML');
  return v;
}

/**
 * A configuration document's root. Its size is bounded by its kind's maxBody (1000
 * lifecycle rules fill many tags), so the tag budget is that body's, not the default.
 */
export const xmlRoot = (body: Buffer, root: string): XmlObject =>
  parseRequestXml(body, root, { maxTags: body.length });
