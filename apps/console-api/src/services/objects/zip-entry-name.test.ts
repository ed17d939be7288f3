import { describe, expect, test } from 'vitest';
import { zipEntryName } from './zip-entry-name.js';

describe('zipEntryName', () => {
  test.each([
    ['plain/name.txt', 'plain/name.txt'],
    ['été 1.txt', 'été 1.txt'],
    ['/x', '_/x'],
    ['a//b', 'a/_/b'],
    ['../x', '__/x'],
    ['a/../../x', 'a/__/__/x'],
    ['./x', '_/x'],
    ['a/./b', 'a/_/b'],
    ['...', '...'],
    ['..hidden', '..hidden'],
    ['a\\..\\..\\x', 'a_.._.._x'],
    ['C:/x', '_C:/x'],
    ['c:x', '_c:x'],
    ['a/C:/x', 'a/C:/x'],
    ['bell\u0007\nname', 'bell__name'],
    ['', '_'],
  ])('%j -> %j', (key, name) => {
    expect(zipEntryName(key)).toBe(name);
  });

  test('no name climbs out of the folder or starts at the root', () => {
    const nasty = ['..', '../..', '/etc/passwd', '//x', 'a/..', '\\\\server\\share', 'D:\\x', '.'];
    for (const key of nasty) {
      const name = zipEntryName(key);
      expect(name.split('/')).not.toContain('..');
      expect(name.split('/')).not.toContain('');
      expect(name).not.toMatch(/^[a-zA-Z]:|^\/|\\/);
    }
  });
});
