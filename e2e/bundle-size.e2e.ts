// @ts-expect-error plain ES module shared with the bench, typed by use
import { INITIAL_JS_LIMIT_BYTES, initialJavaScript } from '@stowage/console-web/initial-js';
import { describe, expect, it } from 'vitest';

// Issue #6: the built web app's initial JavaScript stays within 300 KiB gzipped. A size, not
// a timing: it is the same on every machine for the same build.

describe('web bundle', () => {
  it('ships at most 300 KiB of initial JavaScript, gzipped', () => {
    const { assets, gzipBytes } = initialJavaScript() as {
      assets: { file: string }[];
      gzipBytes: number;
    };
    expect(assets.map((a) => a.file).some((f) => f.startsWith('assets/index-'))).toBe(true);
    expect(gzipBytes, `${(gzipBytes / 1024).toFixed(1)} KiB`).toBeLessThanOrEqual(INITIAL_JS_LIMIT_BYTES);
  });
});
