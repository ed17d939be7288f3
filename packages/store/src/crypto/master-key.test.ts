import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decodeMasterKey, MasterKey, newMasterKeyRecord } from './master-key.js';

const salt = Buffer.alloc(32, 1);

describe('master key records', () => {
  it('a new record is versioned, holds 32 random bytes, and decodes to the same key', () => {
    const record = newMasterKeyRecord();
    expect(record.v).toBe(1);
    expect(Buffer.from(record.key, 'base64').length).toBe(32);
    expect(newMasterKeyRecord().key).not.toBe(record.key);
    const key = decodeMasterKey(record, 'test');
    expect(key.id).toBe(record.id);
    const again = decodeMasterKey(JSON.parse(JSON.stringify(record)), 'test');
    expect(again.deriveKey(salt, 'x').equals(key.deriveKey(salt, 'x'))).toBe(true);
    const fromBytes = new MasterKey(record.id, Buffer.from(record.key, 'base64'));
    expect(fromBytes.deriveKey(salt, 'x').equals(key.deriveKey(salt, 'x'))).toBe(true);
  });

  it('refuses a record from a newer version', () => {
    expect(() => decodeMasterKey({ v: 2, id: 'x', key: randomBytes(32).toString('base64') }, 'key')).toThrow(
      /version 2, newer than .* understands \(1\)/,
    );
  });

  it('refuses a key of the wrong length without quoting it', () => {
    const short = randomBytes(16).toString('base64');
    const error = (() => {
      try {
        decodeMasterKey({ v: 1, id: 'x', key: short }, 'key');
      } catch (err) {
        return err as Error;
      }
    })();
    expect(error?.message).toMatch(/must be 32 bytes, found 16/);
    expect(error?.message).not.toContain(short);
  });

  it('refuses malformed records with clear errors that do not echo the content', () => {
    const secret = randomBytes(32).toString('base64');
    const cases: [unknown, RegExp][] = [
      [{ id: 'x', key: secret }, /invalid "v"/],
      [{ v: 1, key: secret }, /"id"/],
      [{ v: 1, id: 'x', key: `${secret}!` }, /"key" must be a base64 string/],
      [[secret], /JSON object/],
    ];
    for (const [raw, message] of cases) {
      expect(() => decodeMasterKey(raw, 'key')).toThrow(message);
      try {
        decodeMasterKey(raw, 'key');
      } catch (err) {
        expect((err as Error).message).not.toContain(secret);
      }
    }
  });
});

describe('MasterKey', () => {
  it('never serialises or prints its bytes', () => {
    const bytes = randomBytes(32);
    const key = new MasterKey('mk-1', bytes);
    const json = JSON.stringify(key);
    expect(JSON.parse(json)).toEqual({ id: 'mk-1' });
    const printed = [
      json,
      inspect(key, { showHidden: true, depth: 5 }),
      String(key),
      JSON.stringify({ key }),
    ];
    for (const text of printed) {
      expect(text).not.toContain(bytes.toString('base64'));
      expect(text).not.toContain(bytes.toString('hex'));
    }
    expect(Object.keys(key)).toEqual(['id']);
  });

  it('keeps its own copy of the bytes', () => {
    const bytes = randomBytes(32);
    const key = new MasterKey('mk-1', bytes);
    const before = key.deriveKey(salt, 'x');
    bytes.fill(0);
    expect(key.deriveKey(salt, 'x').equals(before)).toBe(true);
  });

  it('derives distinct keys per salt and info', () => {
    const key = MasterKey.generate();
    const a = key.deriveKey(salt, 'a');
    expect(a.length).toBe(32);
    expect(a.equals(key.deriveKey(salt, 'b'))).toBe(false);
    expect(a.equals(key.deriveKey(Buffer.alloc(32, 2), 'a'))).toBe(false);
  });

  it('refuses keys that are not 32 bytes and empty ids', () => {
    expect(() => new MasterKey('x', randomBytes(31))).toThrow(RangeError);
    expect(() => new MasterKey('', randomBytes(32))).toThrow(RangeError);
  });
});
