// Node's base64 decoder skips characters it does not know; S3 (Go's StdEncoding) refuses
// them, so values from clients and from disk are checked against the canonical alphabet.
const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Decodes padded standard base64, or returns undefined when `text` is not that. */
export function decodeBase64Strict(text: string): Buffer | undefined {
  return STRICT_BASE64.test(text) ? Buffer.from(text, 'base64') : undefined;
}
