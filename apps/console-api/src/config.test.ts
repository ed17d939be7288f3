import { expect, test } from 'vitest';
import { normaliseBasePath } from './config.js';

test('normaliseBasePath', () => {
  expect(normaliseBasePath(undefined)).toBe('');
  expect(normaliseBasePath('/')).toBe('');
  expect(normaliseBasePath('/console/')).toBe('/console');
  expect(normaliseBasePath('console')).toBe('/console');
  expect(normaliseBasePath('/a/b')).toBe('/a/b');
  expect(() => normaliseBasePath('/x"><script>')).toThrow('invalid base path');
});
