// Objects are served from the store's own origin. An HTML, XHTML, SVG or XML object that a
// browser opens renders as a document there: its scripts could then read the store's
// other answers (the console's own API when both share the host), or act with the cookies
// of the origin. GET and HEAD answers of such objects carry `Content-Security-Policy:
// sandbox`, which renders the document in a unique opaque origin without scripts, forms
// or pop-ups, while a download, an <img> or a fetch() of it works as before.
//
// Which types: those a browser renders as a document that can run script or load
// others — HTML, XHTML, XML (text/xml, application/xml, every +xml type, SVG among them:
// XML documents run scripts in the XHTML namespace), XSLT, multipart/x-mixed-replace
// (each part brings its own type) — and a type a browser cannot parse, which it may sniff.
// PDF is left alone: browsers render it in a viewer of its own origin, and refuse to show a
// sandboxed one at all.

const DOCUMENT_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
  'text/xsl',
  'multipart/x-mixed-replace',
]);
const TOKEN = "[!#$%&'*+.^_`|~0-9a-z-]+";
const ESSENCE = new RegExp(`^${TOKEN}/${TOKEN}$`);

/**
 * Whether a Content-Type may render as an active document. A header value may list several
 * types (the Fetch standard takes the last valid one): any of them counts.
 */
export function rendersAsDocument(contentType: string | undefined): boolean {
  const essences = (contentType ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .filter((essence) => ESSENCE.test(essence));
  if (essences.length === 0) return true;
  return essences.some((essence) => DOCUMENT_TYPES.has(essence) || essence.endsWith('+xml'));
}

/** The policy such an answer carries: MinIO's own (every answer's), and the sandbox. */
export const SANDBOX_POLICY = 'block-all-mixed-content; sandbox';

/**
 * STOWAGE_API_CSP_SANDBOX: on (the default) or off, read at start. Off serves documents
 * with scripts live, for a bucket that is meant to be a web site.
 */
export function cspSandboxSetting(env: Record<string, string | undefined> = process.env): boolean {
  const value = (env.STOWAGE_API_CSP_SANDBOX ?? 'on').trim().toLowerCase();
  if (value === 'on' || value === '') return true;
  if (value === 'off') return false;
  throw new Error(`STOWAGE_API_CSP_SANDBOX must be on or off, not '${env.STOWAGE_API_CSP_SANDBOX}'`);
}
