// AWS wildcard matching: `*` matches any sequence (including none), `?` exactly one
// character. Patterns come from users, so matching is an iterative two-pointer walk that
// backtracks only to the last `*`: O(pattern × value) at worst, never exponential, and no
// regular expression is ever built from policy text.

/**
 * A run of pattern text. Wildcards are active only in chunks written by the policy author;
 * values substituted for policy variables and the `${*}` / `${?}` escapes are literal.
 */
export interface PatternChunk {
  text: string;
  wildcards: boolean;
}

const LITERAL = 0;
const STAR = 1;
const ONE_CHAR = 2;

interface CompiledPattern {
  chars: string[];
  kinds: Uint8Array;
}

export interface MatchOptions {
  /** Actions match case-insensitively; resources and condition values do not. */
  ignoreCase?: boolean;
}

export function matchWildcard(pattern: string, value: string, options: MatchOptions = {}): boolean {
  return matchPattern([{ text: pattern, wildcards: true }], value, options);
}

export function matchPattern(
  chunks: readonly PatternChunk[],
  value: string,
  options: MatchOptions = {},
): boolean {
  const pattern = compile(chunks, options.ignoreCase === true);
  // Code points, so `?` consumes one character even outside the BMP.
  const chars = Array.from(options.ignoreCase ? value.toLowerCase() : value);
  return matchCompiled(pattern, chars);
}

/** True when `text` contains an active `*` or `?`. */
export function hasWildcard(text: string): boolean {
  return text.includes('*') || text.includes('?');
}

/**
 * Could `pattern` match some string that starts with `prefix`? Used to check that a bucket
 * policy's resource can reach inside its bucket (`arn:aws:s3:::b*` reaches `b/`).
 * Simulates the pattern as a set of positions, so it is linear in prefix × pattern.
 */
export function patternAcceptsPrefix(pattern: string, prefix: string): boolean {
  const compiled = compile([{ text: pattern, wildcards: true }], false);
  const size = compiled.chars.length;
  const start = new Uint8Array(size + 1);
  start[0] = 1;
  let states = closeOverStars(compiled, start);
  for (const ch of Array.from(prefix)) {
    const next = new Uint8Array(size + 1);
    for (let p = 0; p < size; p++) {
      if (!states[p]) continue;
      const kind = compiled.kinds[p];
      if (kind === STAR) next[p] = 1;
      else if (kind === ONE_CHAR || compiled.chars[p] === ch) next[p + 1] = 1;
    }
    states = closeOverStars(compiled, next);
    if (!states.includes(1)) return false;
  }
  return true;
}

function closeOverStars(pattern: CompiledPattern, states: Uint8Array): Uint8Array {
  // A `*` may match nothing, so being before it also means being after it.
  for (let p = 0; p < pattern.chars.length; p++) {
    if (states[p] && pattern.kinds[p] === STAR) states[p + 1] = 1;
  }
  return states;
}

function compile(chunks: readonly PatternChunk[], ignoreCase: boolean): CompiledPattern {
  const chars: string[] = [];
  const kinds: number[] = [];
  for (const chunk of chunks) {
    for (const ch of Array.from(ignoreCase ? chunk.text.toLowerCase() : chunk.text)) {
      const kind = !chunk.wildcards ? LITERAL : ch === '*' ? STAR : ch === '?' ? ONE_CHAR : LITERAL;
      // Consecutive stars are one star; collapsing keeps the backtracking bound tight.
      if (kind === STAR && kinds[kinds.length - 1] === STAR) continue;
      chars.push(ch);
      kinds.push(kind);
    }
  }
  return { chars, kinds: Uint8Array.from(kinds) };
}

function matchCompiled(pattern: CompiledPattern, value: string[]): boolean {
  const { chars, kinds } = pattern;
  let p = 0;
  let v = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (v < value.length) {
    if (p < chars.length && kinds[p] === STAR) {
      starAt = p++;
      resumeAt = v;
    } else if (p < chars.length && (kinds[p] === ONE_CHAR || chars[p] === value[v])) {
      p++;
      v++;
    } else if (starAt >= 0) {
      // Let the last star swallow one more character and retry what follows it.
      p = starAt + 1;
      v = ++resumeAt;
    } else {
      return false;
    }
  }
  while (p < chars.length && kinds[p] === STAR) p++;
  return p === chars.length;
}
