import { describe, expect, test } from 'vitest';
import {
  baseName,
  browsePath,
  crumbs,
  DOWNLOAD_WARNING_BYTES,
  extensionOf,
  newFolderPath,
  parentFolder,
  previewType,
} from './objectPaths.js';

describe('object paths', () => {
  test('browse URLs encode each segment and keep the folder slash', () => {
    expect(browsePath('docs')).toBe('/buckets/docs/browse');
    expect(browsePath('docs', 'a b/c?#%.txt')).toBe('/buckets/docs/browse/a%20b/c%3F%23%25.txt');
    expect(browsePath('docs', 'photos/2024/')).toBe('/buckets/docs/browse/photos/2024/');
  });

  test('names, parents and crumbs', () => {
    expect(baseName('a/b/c.txt')).toBe('c.txt');
    expect(baseName('a/b/')).toBe('b');
    expect(parentFolder('a/b/c.txt')).toBe('a/b/');
    expect(parentFolder('a/')).toBe('');
    expect(crumbs('a/b/')).toEqual([
      { label: 'a', prefix: 'a/' },
      { label: 'b', prefix: 'a/b/' },
    ]);
    expect(crumbs('a/c.txt').at(-1)).toEqual({ label: 'c.txt', prefix: 'a/c.txt' });
    expect(crumbs('')).toEqual([]);
  });

  test('a new path is below the current folder; a blank one is refused', () => {
    expect(newFolderPath('a/', 'new/deep')).toBe('a/new/deep/');
    expect(newFolderPath('', '/x//y/')).toBe('x/y/');
    expect(newFolderPath('a/', '  / ')).toBeNull();
  });

  test('preview kinds follow the extension lists of spec 001 §9', () => {
    expect(previewType('p/photo.JPG')).toBe('image');
    expect(previewType('readme.txt')).toBe('text');
    expect(previewType('doc.pdf')).toBe('text');
    expect(previewType('song.mp3')).toBe('audio');
    expect(previewType('clip.mpeg-4')).toBe('video');
    expect(previewType('archive.zip')).toBeUndefined();
    expect(previewType('photos.png/')).toBeUndefined();
    expect(previewType('.png')).toBeUndefined();
    expect(extensionOf('a.tar.gz')).toBe('gz');
    expect(DOWNLOAD_WARNING_BYTES).toBe(104857600);
  });
});
