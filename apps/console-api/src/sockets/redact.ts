// What the trace shows a browser is for reading, never for replaying: a signature, a session
// token, a cookie or an SSE-C key would let whoever sees the screen (or an exported file) act
// as the caller. The store already hides most of these; a MinIO behind the console may not,
// so the console redacts again at its own boundary.

export const REDACTED = '*REDACTED*';

/** Headers whose whole value is a secret. */
const SECRET_HEADERS = new Set([
  'x-amz-security-token',
  'cookie',
  'set-cookie',
  'proxy-authorization',
  'x-amz-server-side-encryption-customer-key',
  'x-amz-copy-source-server-side-encryption-customer-key',
]);

/** Query parameters whose value is a secret (V4 and V2 presigned URLs, session tokens). */
const SECRET_QUERY = new Set(['x-amz-signature', 'x-amz-security-token', 'signature']);

/**
 * An Authorization value with its secret part hidden and the rest kept, as it helps to read
 * who signed what: V4 keeps `Credential=` and `SignedHeaders=`, V2 keeps the access key.
 * Any other scheme (Bearer, Basic, ...) keeps only its name.
 */
export function redactAuthorization(value: string): string {
  if (value === REDACTED) return value;
  const v4 = /^(AWS4-[A-Z0-9-]+\s.*?Signature=)[^,\s]*(.*)$/is.exec(value);
  if (v4) return `${v4[1]}${REDACTED}${v4[2]}`;
  const v2 = /^(AWS\s+[^:\s]+:)\S*$/i.exec(value);
  if (v2) return `${v2[1]}${REDACTED}`;
  const scheme = /^([A-Za-z0-9-]+)\s/.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

/** A copy of the headers with the secrets' values replaced; names are kept as sent. */
export function redactHeaders(headers: Record<string, string[]> | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, values] of Object.entries(headers ?? {})) {
    const lower = name.toLowerCase();
    const list = Array.isArray(values) ? values.map(String) : [String(values)];
    if (lower === 'authorization') out[name] = list.map(redactAuthorization);
    else if (SECRET_HEADERS.has(lower)) out[name] = list.map(() => REDACTED);
    else out[name] = list;
  }
  return out;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * The raw query with secret values replaced, everything else byte for byte. Names are matched
 * decoded (`X-Amz-%53ignature` is a signature too) and without regard to case.
 */
export function redactQuery(raw: string): string {
  if (!raw) return raw;
  return raw
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const name = at < 0 ? pair : pair.slice(0, at);
      return SECRET_QUERY.has(decodedName(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}
