import type { RangeSpec } from '../../engine/object-layer.js';
import { headerBytes } from '../../http/context.js';
import { ApiError } from '../../wire/errors.js';
import { percentDecode } from '../../wire/query.js';

// Small header and query parsers used by the router; each is pure and throws catalogue errors.

/** The Range header as a spec; malformed or multiple ranges mean the whole object, as in S3. */
export function parseRange(value: string | undefined): RangeSpec | undefined {
  const m = value === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  if (m[2] === '') return { start };
  const end = Number(m[2]);
  return end < start ? undefined : { start, end };
}

/** x-amz-copy-source-range: only the closed form bytes=first-last is accepted. */
export function parseCopyRange(value: string | undefined): { start: number; end: number } | undefined {
  if (value === undefined) return undefined;
  const m = /^bytes=(\d+)-(\d+)$/.exec(value.trim());
  if (!m || Number(m[2]) < Number(m[1])) {
    throw new ApiError(
      'InvalidArgument',
      'The x-amz-copy-source-range value must be of the form bytes=first-last where first and last are the zero-based offsets of the first and last bytes to copy',
    );
  }
  return { start: Number(m[1]), end: Number(m[2]) };
}

// GET and HEAD may override response headers through these query parameters; names are
// lower-case like the stored headers they replace.
export const OVERRIDES: Record<string, string> = {
  'response-content-type': 'content-type',
  'response-content-language': 'content-language',
  'response-expires': 'expires',
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
  'response-content-encoding': 'content-encoding',
};

export function parseOverrides(query: ReadonlyArray<readonly [string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of query) {
    const name = OVERRIDES[k];
    if (name !== undefined && !(name in out)) out[name] = headerBytes(v);
  }
  return out;
}

export interface CopySource {
  bucket: string;
  key: string;
  versionId?: string;
}

/** x-amz-copy-source: "[/]bucket/key[?versionId=v]", the key URL-encoded. */
export function parseCopySource(raw: string): CopySource {
  const q = raw.indexOf('?');
  const pathPart = q < 0 ? raw : raw.slice(0, q);
  const decoded = percentDecode(pathPart, false);
  const invalid = new ApiError(
    'InvalidArgument',
    'Copy Source must mention the source bucket and key: sourcebucket/sourcekey',
  );
  if (decoded === undefined) throw invalid;
  const path = decoded.startsWith('/') ? decoded.slice(1) : decoded;
  const slash = path.indexOf('/');
  if (slash <= 0 || slash === path.length - 1) throw invalid;
  const out: CopySource = { bucket: path.slice(0, slash), key: path.slice(slash + 1) };
  if (q >= 0) {
    const params = new URLSearchParams(raw.slice(q + 1));
    const version = params.get('versionId');
    if (version !== null && version !== '') out.versionId = version;
  }
  return out;
}

/** partNumber: an integer from 1 to 10,000. */
export function parsePartNumber(raw: string | undefined): number {
  const n = raw !== undefined && /^\d{1,5}$/.test(raw) ? Number(raw) : 0;
  if (n < 1 || n > 10_000)
    throw new ApiError('InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
  return n;
}

/** A non-negative integer query parameter with a default and a ceiling. */
export function parseCount(raw: string | undefined, name: string, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  // AWS reads these as 32-bit integers: past 2^31-1 is as invalid as a non-number.
  if (!/^\d+$/.test(raw) || Number(raw) > 2147483647)
    throw new ApiError('InvalidArgument', `Argument ${name} must be an integer between 0 and 2147483647`);
  return Math.min(Number(raw), max);
}
