import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ApiError } from '../errors.js';

export type XmlValue = string | XmlObject | XmlValue[];
export interface XmlObject {
  [name: string]: XmlValue;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
  // Character references too: Go clients (rclone, minio-go) write '"' as &#34;.
  htmlEntities: true,
});

/** Parses a request document; anything not well-formed, or not rooted at `root`, is MalformedXML. */
export function parseRequestXml(body: Buffer, root: string): XmlObject {
  const text = body.toString('utf8');
  if (XMLValidator.validate(text) !== true) throw new ApiError('MalformedXML');
  const doc = parser.parse(text) as XmlObject;
  const top = doc[root];
  if (top === undefined) throw new ApiError('MalformedXML');
  // <Root/> and <Root></Root> parse as '', which is a valid empty document.
  if (top === '') return {};
  if (typeof top !== 'object' || Array.isArray(top)) throw new ApiError('MalformedXML');
  return top;
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

/** A child that must be an element with children ('' counts as an empty one). */
export function objectOf(v: XmlValue | undefined): XmlObject {
  if (v === '') return {};
  if (v === undefined || typeof v !== 'object' || Array.isArray(v)) throw new ApiError('MalformedXML');
  return v;
}
