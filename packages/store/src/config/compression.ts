import { effective, type ServerConfig } from './kv.js';
import { subsystem } from './subsystems.js';

// The compression subsystem, as MinIO reads it (cmd/object-api-utils.go, isCompressible):
// which new objects are stored compressed.

export interface CompressionRule {
  allowEncryption: boolean;
  /** Key suffixes, lower case ("" entries dropped). */
  extensions: string[];
  /** Content types, with `*` wildcards. */
  mimeTypes: string[];
}

/** Bodies of this size or less are never compressed (MinIO's minCompressibleSize). */
export const MIN_COMPRESSIBLE_SIZE = 4096;

// Formats compressed already: MinIO never compresses them, whatever the settings say.
const EXCLUDED_EXTENSIONS = [
  '.gz',
  '.bz2',
  '.rar',
  '.zip',
  '.7z',
  '.xz',
  '.mp4',
  '.mkv',
  '.mov',
  '.jpg',
  '.png',
  '.gif',
];
const EXCLUDED_TYPES = [
  'video/*',
  'audio/*',
  'application/zip',
  'application/x-gzip',
  'application/x-zip-compressed',
  'application/x-compress',
  'application/x-spoon',
];

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** The rule in force; undefined while compression is off. */
export function compressionRule(config: ServerConfig): CompressionRule | undefined {
  const values = effective(config, subsystem('compression')!, '_');
  if (values.enable !== 'on') return undefined;
  return {
    allowEncryption: values.allow_encryption === 'on',
    extensions: list(values.extensions).map((e) => e.toLowerCase()),
    mimeTypes: list(values.mime_types),
  };
}

// Patterns are compiled once: every PUT over 4 KiB is matched against them.
const compiled = new Map<string, RegExp>();

/** MinIO's wildcard match: `*` stands for any run of characters, `?` for one. */
function matches(pattern: string, text: string): boolean {
  let re = compiled.get(pattern);
  if (!re) {
    const body = pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    re = new RegExp(`^${body}$`, 's');
    compiled.set(pattern, re);
  }
  return re.test(text);
}

const endsWithAny = (key: string, suffixes: string[]): boolean => {
  const lower = key.toLowerCase();
  return suffixes.some((s) => s === '*' || lower.endsWith(s));
};

/**
 * Whether a new object of this key and content type is stored compressed. Encrypted ones
 * only with allow_encryption; formats compressed already never; otherwise those the
 * extensions or the content types name (everything, when both lists are empty).
 */
export function isCompressible(
  rule: CompressionRule | undefined,
  key: string,
  contentType: string | undefined,
  encrypted: boolean,
): boolean {
  if (!rule) return false;
  if (encrypted && !rule.allowEncryption) return false;
  const type = contentType ?? '';
  if (endsWithAny(key, EXCLUDED_EXTENSIONS) || EXCLUDED_TYPES.some((p) => matches(p, type))) return false;
  if (rule.extensions.length === 0 && rule.mimeTypes.length === 0) return true;
  return endsWithAny(key, rule.extensions) || rule.mimeTypes.some((p) => matches(p, type));
}
