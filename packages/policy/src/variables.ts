import type { PatternChunk } from './wildcard.js';

// Policy variables (`${aws:username}`) in Resource and condition values. A substituted value
// is literal text: a user called `a*` must not gain a wildcard. An unknown or absent variable
// makes the whole resource or value match nothing, as AWS does.

/** Request context under `contextKey`s: condition keys and variable names are case-insensitive. */
export type RequestContext = ReadonlyMap<string, readonly string[]>;

/**
 * How a key is looked up: its name lower-cased, and what follows a slash (the tag key of
 * s3:ExistingObjectTag/<key>) kept as written, since S3 tag keys are case-sensitive: a tag
 * "env" must not stand in for "Env" (MinIO matches that part exactly too).
 */
export function contextKey(key: string): string {
  const slash = key.indexOf('/');
  return slash < 0 ? key.toLowerCase() : key.slice(0, slash).toLowerCase() + key.slice(slash);
}

export function contextFrom(conditions: Readonly<Record<string, readonly string[]>>): RequestContext {
  const context = new Map<string, readonly string[]>();
  for (const [key, values] of Object.entries(conditions)) {
    const name = contextKey(key);
    context.set(name, [...(context.get(name) ?? []), ...values]);
  }
  return context;
}

const GLOBAL_VARIABLES = new Set([
  'aws:username',
  'aws:userid',
  'aws:principaltype',
  'aws:sourceip',
  'aws:currenttime',
  'aws:epochtime',
  'aws:securetransport',
  'aws:useragent',
  'aws:referer',
]);

const CLAIM_PREFIXES = ['jwt:', 'ldap:'];

const ESCAPES: Readonly<Record<string, string>> = { '*': '*', '?': '?', $: '$' };

export function isKnownVariable(name: string): boolean {
  const lower = name.toLowerCase();
  return GLOBAL_VARIABLES.has(lower) || CLAIM_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

export function containsVariable(text: string): boolean {
  return text.includes('${');
}

/** Splits `text` into pattern chunks with variables replaced; `undefined` when one cannot be. */
export function substituteVariables(text: string, context: RequestContext): PatternChunk[] | undefined {
  const chunks: PatternChunk[] = [];
  let rest = text;
  for (;;) {
    const open = rest.indexOf('${');
    const close = open < 0 ? -1 : rest.indexOf('}', open + 2);
    if (close < 0) break;
    if (open > 0) chunks.push({ text: rest.slice(0, open), wildcards: true });
    const value = resolve(rest.slice(open + 2, close), context);
    if (value === undefined) return undefined;
    chunks.push({ text: value, wildcards: false });
    rest = rest.slice(close + 1);
  }
  if (rest !== '') chunks.push({ text: rest, wildcards: true });
  return chunks;
}

/** Text as written, for policies whose Version (2008-10-17) predates variables. */
export function literalPattern(text: string): PatternChunk[] {
  return [{ text, wildcards: true }];
}

export function chunksToText(chunks: readonly PatternChunk[]): string {
  return chunks.map((chunk) => chunk.text).join('');
}

function resolve(name: string, context: RequestContext): string | undefined {
  const escaped = ESCAPES[name];
  if (escaped !== undefined) return escaped;
  if (!isKnownVariable(name)) return undefined;
  const values = context.get(name.toLowerCase());
  // A multi-valued key has no single substitution.
  return values?.length === 1 ? values[0] : undefined;
}
