// The JavaScript a browser must fetch before the first screen: the entry script and its
// modulepreloads as the built index.html lists them, each gzipped as a server would send it.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** Issue #6: at most 300 KiB of initial JavaScript, gzipped. */
export const INITIAL_JS_LIMIT_BYTES = 300 * 1024;

const DIST = new URL('./dist/', import.meta.url);

export function initialJavaScript(dist = DIST) {
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  const files = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\.\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\.\/([^"]+\.js)"/g),
  ].map((m) => m[1]);
  const assets = files.map((file) => {
    const raw = readFileSync(new URL(file, dist));
    return { file, bytes: raw.length, gzipBytes: gzipSync(raw, { level: 9 }).length };
  });
  return {
    assets,
    bytes: assets.reduce((sum, a) => sum + a.bytes, 0),
    gzipBytes: assets.reduce((sum, a) => sum + a.gzipBytes, 0),
  };
}
