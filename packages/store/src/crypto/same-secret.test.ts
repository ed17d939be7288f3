import { describe, expect, it } from 'vitest';
import { sameSecret } from './same-secret.js';

describe('sameSecret', () => {
  it('is true for the same text only', () => {
    expect(sameSecret('a-session-token', 'a-session-token')).toBe(true);
    expect(sameSecret('', '')).toBe(true);
    expect(sameSecret('a-session-token', 'a-session-tokem')).toBe(false);
    expect(sameSecret('a-session-token', 'b-session-token')).toBe(false);
  });

  it('refuses other lengths without throwing, in characters or in bytes', () => {
    expect(sameSecret('a-session-token', 'a-session-toke')).toBe(false);
    expect(sameSecret('a-session-token', 'a-session-token!')).toBe(false);
    expect(sameSecret('a-session-token', '')).toBe(false);
    // As many characters, more bytes: timingSafeEqual alone would throw a RangeError.
    expect(sameSecret('a-session-token', 'a-session-tokén')).toBe(false);
    expect(sameSecret('tokén', 'token')).toBe(false);
  });
});
