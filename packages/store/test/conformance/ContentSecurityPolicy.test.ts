import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ROOT, startTestStore, type TestStore, withEnv } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStore } from '../../src/index.js';

// Objects a browser renders as documents (HTML, XHTML, SVG, XML) are served with
// `Content-Security-Policy: sandbox`: opened from the store's origin they run no script
// there. Fetched by a real HTTP client through presigned URLs, as a browser would open them.

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.minio.makeBucket('pages');
  for (const [key, type] of Object.entries(TYPES))
    await t.s3.send(new PutObjectCommand({ Bucket: 'pages', Key: key, Body: '<x/>', ContentType: type }));
});
afterAll(() => t.close());

const DOCUMENTS: Record<string, string> = {
  'page.html': 'text/html',
  'shout.html': 'TEXT/HTML; charset=utf-8',
  'page.xhtml': 'application/xhtml+xml',
  'logo.svg': 'image/svg+xml',
  'data.xml': 'text/xml',
  'app.xml': 'application/xml',
  'feed.rss': 'application/rss+xml',
  'style.xsl': 'text/xsl',
  'stream.multi': 'multipart/x-mixed-replace; boundary=x',
  // The Fetch standard takes the last valid type of a list.
  'listed.txt': 'text/plain, text/html',
  'unparsable.bin': 'html',
};
const PASSIVE: Record<string, string> = {
  'notes.txt': 'text/plain',
  'photo.png': 'image/png',
  'data.json': 'application/json',
  'paper.pdf': 'application/pdf',
  'blob.bin': 'application/octet-stream',
  'style.css': 'text/css',
};
const TYPES = { ...DOCUMENTS, ...PASSIVE };

async function policyOf(
  method: 'GET' | 'HEAD',
  key: string,
  query: Record<string, string> = {},
): Promise<string | null> {
  const url = await t.minio.presignedUrl(method, 'pages', key, 600, query);
  const res = await fetch(url, { method });
  expect(res.status, key).toBe(200);
  await res.arrayBuffer();
  return res.headers.get('content-security-policy');
}

const sandboxed = (policy: string | null) => policy?.split(';').some((d) => d.trim() === 'sandbox') ?? false;

describe('Content-Security-Policy: sandbox', () => {
  it('comes with GET and HEAD of documents, and only of them', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      for (const key of Object.keys(DOCUMENTS))
        expect(sandboxed(await policyOf(method, key)), `${method} ${key}`).toBe(true);
      for (const key of Object.keys(PASSIVE)) {
        const policy = await policyOf(method, key);
        expect(sandboxed(policy), `${method} ${key}`).toBe(false);
        // MinIO's own policy on every answer stays.
        expect(policy).toBe('block-all-mixed-content');
      }
    }
  });

  it('follows the type the answer declares: response-content-type overrides count', async () => {
    const asHtml = { 'response-content-type': 'text/html' };
    expect(sandboxed(await policyOf('GET', 'notes.txt', asHtml))).toBe(true);
    expect(sandboxed(await policyOf('HEAD', 'photo.png', { 'response-content-type': 'image/svg+xml' }))).toBe(
      true,
    );
    const asText = { 'response-content-type': 'text/plain' };
    expect(sandboxed(await policyOf('GET', 'page.html', asText))).toBe(false);
  });

  it('comes with ranged reads too', async () => {
    const url = await t.minio.presignedGetObject('pages', 'page.html', 600);
    const res = await fetch(url, { headers: { range: 'bytes=0-1' } });
    expect(res.status).toBe(206);
    await res.arrayBuffer();
    expect(sandboxed(res.headers.get('content-security-policy'))).toBe(true);
  });

  it('is left out with STOWAGE_API_CSP_SANDBOX=off; a value other than on or off stops the start', async () => {
    await t.store.close();
    const start = (port?: number) =>
      startStore({ drives: t.drives, rootCredentials: ROOT, ...(port ? { port } : {}) });
    await expect(withEnv({ STOWAGE_API_CSP_SANDBOX: 'sometimes' }, () => start())).rejects.toThrow(
      /STOWAGE_API_CSP_SANDBOX must be on or off/,
    );
    // The same port: the clients made for the first store reach this one.
    t.store = await withEnv({ STOWAGE_API_CSP_SANDBOX: 'off' }, () => start(t.store.port));
    expect(await policyOf('GET', 'page.html')).toBe('block-all-mixed-content');
    expect(await policyOf('HEAD', 'logo.svg')).toBe('block-all-mixed-content');
  });
});
