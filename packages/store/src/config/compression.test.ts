import { describe, expect, it } from 'vitest';
import { compressionRule, isCompressible } from './compression.js';
import { applyLines, parseText } from './kv.js';

const ruleOf = (line: string) => compressionRule(applyLines({}, parseText(line)));

describe('compression settings', () => {
  it('are off until enable=on; the defaults name text formats', () => {
    expect(ruleOf('compression enable=off allow_encryption=on')).toBeUndefined();
    // Setting a key without enable turns the subsystem on, as MinIO's SetKVS does.
    expect(ruleOf('compression allow_encryption=on')?.allowEncryption).toBe(true);
    expect(ruleOf('compression enable=on')).toEqual({
      allowEncryption: false,
      extensions: ['.txt', '.log', '.csv', '.json', '.tar', '.xml', '.bin'],
      mimeTypes: ['text/*', 'application/json', 'application/xml', 'binary/octet-stream'],
    });
  });

  it("decide as MinIO's isCompressible", () => {
    const rule = ruleOf('compression enable=on')!;
    const decide = (key: string, type?: string, encrypted = false) =>
      isCompressible(rule, key, type, encrypted);
    expect(decide('LOGS/APP.LOG')).toBe(true); // extensions match whatever the case
    expect(decide('a.dat', 'text/csv')).toBe(true); // a wildcard content type
    expect(decide('a.dat', 'application/json; charset=utf-8')).toBe(false); // the whole type must match
    expect(decide('a.dat')).toBe(false);
    expect(decide('a.txt', undefined, true)).toBe(false); // encrypted, allow_encryption off
    expect(decide('a.tar.gz', 'text/plain')).toBe(false); // compressed already
    expect(decide('a.txt', 'audio/ogg')).toBe(false);
    expect(isCompressible(undefined, 'a.txt', 'text/plain', false)).toBe(false);
    // Both lists empty: everything not compressed already.
    const all = ruleOf('compression enable=on extensions= mime_types= allow_encryption=on')!;
    expect([
      isCompressible(all, 'x', 'application/x-y', true),
      isCompressible(all, 'x.zip', '', false),
    ]).toEqual([true, false]);
  });
});
