import { afterEach, describe, expect, it } from 'vitest';
import { deriveBasePath, getBasePath, setBasePath } from './basePath.js';

describe('deriveBasePath', () => {
  it('is empty at the root', () => {
    expect(deriveBasePath('http://host/', '/buckets')).toBe('');
  });

  it('follows <base href> (document.baseURI), without a trailing slash', () => {
    expect(deriveBasePath('http://host/console/', '/console/buckets')).toBe('/console');
    expect(deriveBasePath('http://host/a/b/', '/a/b/login')).toBe('/a/b');
  });

  it('uses the first five path segments under /api/proxy/', () => {
    expect(deriveBasePath('http://host/', '/api/proxy/tenant-ns/tenant-a/buckets/x')).toBe(
      '/api/proxy/tenant-ns/tenant-a',
    );
    expect(deriveBasePath('http://host/console/', '/api/proxy/ns/t/')).toBe('/api/proxy/ns/t');
  });

  it('does not apply the proxy rule to paths that merely contain it', () => {
    expect(deriveBasePath('http://host/console/', '/console/api/proxy/ns/t')).toBe('/console');
  });
});

describe('getBasePath', () => {
  afterEach(() => setBasePath(''));

  it('is derived from the test document (root) and can be set', () => {
    expect(getBasePath()).toBe('');
    setBasePath('/console/');
    expect(getBasePath()).toBe('/console');
  });
});
