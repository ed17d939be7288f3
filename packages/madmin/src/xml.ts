import { type X2jOptions, XMLParser, XMLValidator } from 'fast-xml-parser';

// Reading the small, fixed documents the admin and STS endpoints answer with (error
// envelopes, AssumeRole results) through fast-xml-parser, the project's one XML reader:
// find an element by name, read its text. Bodies that are not well-formed XML (an HTML
// error page, a cut-off answer) hold no elements.

/** A parsed document in document order: each node is an element (name → children) or text. */
type XmlNode = { [name: string]: XmlNode[] } | { '#text': string } | { '#cdata': XmlNode[] };
export type XmlNodes = XmlNode[];

/**
 * How the project reads XML (here and the store's request documents): text kept exactly as
 * sent, as Go's encoding/xml keeps it for MinIO (an object key may begin or end with spaces),
 * attributes and namespace prefixes dropped, entities decoded, character references too (Go
 * clients write '"' as &#34;).
 */
export const XML_READ_OPTIONS = {
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
} as const satisfies Partial<X2jOptions>;

const parser = new XMLParser({ ...XML_READ_OPTIONS, preserveOrder: true, cdataPropName: '#cdata' });

/** The nodes of a document; undefined when it is not well-formed XML. */
export function readXml(xml: string): XmlNodes | undefined {
  if (XMLValidator.validate(xml) !== true) return undefined;
  try {
    return parser.parse(xml) as XmlNodes;
  } catch {
    return undefined;
  }
}

const elementName = (node: XmlNode): string | undefined => {
  const [name] = Object.keys(node);
  return name === '#text' || name === '#cdata' || name?.startsWith('?') ? undefined : name;
};

/** Children of the first element called `name` among `nodes` and their descendants, in document order. */
function findElement(nodes: XmlNodes, name: string): XmlNodes | undefined {
  for (const node of nodes) {
    const own = elementName(node);
    if (own === undefined) continue;
    const children = (node as Record<string, XmlNodes>)[own]!;
    if (own === name) return children;
    const inner = findElement(children, name);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** Follows a path of element names, each looked up inside the previous one. */
export function xmlPath(xml: string | XmlNodes, path: readonly string[]): XmlNodes | undefined {
  let current = typeof xml === 'string' ? readXml(xml) : xml;
  for (const name of path) {
    if (current === undefined) return undefined;
    current = findElement(current, name);
  }
  return current;
}

/** Character data of nodes: entities decoded, CDATA kept verbatim, tags dropped. */
function textOf(nodes: XmlNodes): string {
  let out = '';
  for (const node of nodes) {
    if ('#text' in node) out += node['#text'];
    else {
      const [name] = Object.keys(node);
      if (name !== undefined && !name.startsWith('?'))
        out += textOf((node as Record<string, XmlNodes>)[name]!);
    }
  }
  return out;
}

/** Decoded text at a path, or undefined when an element is missing. */
export function xmlText(xml: string | XmlNodes, path: readonly string[]): string | undefined {
  const nodes = xmlPath(xml, path);
  return nodes === undefined ? undefined : textOf(nodes);
}
