import { describe, expect, it } from 'vitest';
import { headerValue } from './writer.js';

describe('headerValue', () => {
  it('sends text beyond Latin-1 as UTF-8 bytes and drops control characters', () => {
    expect(headerValue('attachment; filename="a.txt"')).toBe('attachment; filename="a.txt"');
    expect(Buffer.from(headerValue('☃'), 'latin1').toString('utf8')).toBe('☃');
    expect(headerValue('a\r\nSet-Cookie: x')).toBe('a  Set-Cookie: x');
    expect(headerValue('tab\tkept')).toBe('tab\tkept');
  });
});
