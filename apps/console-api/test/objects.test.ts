import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { callAs, type Harness, type LoggedIn, loginAs, ROOT, startHarness, storeS3 } from './harness.js';
import { multipartForm } from './multipart.js';

// The object browser's uploads and listings through the console, against a real store
// (downloads, share links and deletions: objects-transfer.test.ts).

let h: Harness;
let root: LoggedIn;
let s3: Client;
const call = (method: InjectOptions['method'], url: string, payload?: unknown, who = root) =>
  callAs(h.app, who, method, url, payload);
const q = encodeURIComponent;

function upload(bucket: string, prefix: string, files: Parameters<typeof multipartForm>[0], who = root) {
  const form = multipartForm(files);
  return h.app.inject({
    method: 'POST',
    url: `/api/v1/buckets/${bucket}/objects/upload?prefix=${q(prefix)}`,
    headers: { cookie: who.cookie, 'x-csrf-token': who.csrf, 'content-type': form.contentType },
    payload: form.body,
  });
}

const text = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString();
};

beforeAll(async () => {
  h = await startHarness();
  root = await loginAs(h.app, ROOT.accessKey, ROOT.secretKey);
  s3 = storeS3(h.storeUrl);
  await s3.makeBucket('docs');
});
afterAll(() => h?.close());

describe('upload', () => {
  test('many files stream into the folder named by the prefix, with their content types', async () => {
    const big = randomBytes(20 * 1024 * 1024 + 17);
    const res = await upload('docs', 'reports/2026', [
      { field: 'q1.txt', type: 'text/plain', body: 'first quarter' },
      { field: 'sub/q2.txt', type: 'text/plain', body: 'second quarter' },
      { field: 'big.bin', body: big },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().uploaded).toEqual([
      { name: 'reports/2026/q1.txt', size: 13 },
      { name: 'reports/2026/sub/q2.txt', size: 14 },
      { name: 'reports/2026/big.bin', size: big.length },
    ]);
    expect(await text(await s3.getObject('docs', 'reports/2026/sub/q2.txt'))).toBe('second quarter');
    const stat = await s3.statObject('docs', 'reports/2026/q1.txt');
    expect(stat.metaData['content-type']).toBe('text/plain');
    expect((await s3.statObject('docs', 'reports/2026/big.bin')).size).toBe(big.length);
  });

  test('a body that is not a form, or holds no file, is a 400; no session is a 401', async () => {
    const notForm = await h.app.inject({
      method: 'POST',
      url: '/api/v1/buckets/docs/objects/upload',
      headers: { cookie: root.cookie, 'x-csrf-token': root.csrf, 'content-type': 'multipart/form-data' },
      payload: 'nothing',
    });
    expect(notForm.statusCode).toBe(400);
    const empty = multipartForm([]);
    const noFile = await h.app.inject({
      method: 'POST',
      url: '/api/v1/buckets/docs/objects/upload',
      headers: { cookie: root.cookie, 'x-csrf-token': root.csrf, 'content-type': empty.contentType },
      payload: empty.body,
    });
    expect(noFile.statusCode).toBe(400);
    const anonymous = await h.app.inject({
      method: 'POST',
      url: '/api/v1/buckets/docs/objects/upload',
      headers: { 'content-type': empty.contentType },
      payload: empty.body,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  test('a missing bucket fails the upload with a 404', async () => {
    const res = await upload('nowhere', '', [{ field: 'a.txt', body: 'a' }]);
    expect(res.statusCode).toBe(404);
  });
});

describe('listing', () => {
  test('one level: folders first, then objects, with sizes and dates', async () => {
    const res = await call('GET', `/buckets/docs/objects?prefix=${q('reports/2026/')}`);
    expect(res.statusCode).toBe(200);
    const names = res.json().objects.map((o: { name: string }) => o.name);
    expect(names).toEqual(['reports/2026/sub/', 'reports/2026/big.bin', 'reports/2026/q1.txt']);
    const q1 = res.json().objects[2];
    expect(q1.size).toBe(13);
    expect(Date.parse(q1.last_modified)).toBeGreaterThan(Date.now() - 120_000);

    // The detail view of a bucket without object locking: no hold or retention, no error.
    const detail = await call(
      'GET',
      `/buckets/docs/objects?prefix=${q('reports/2026/q1.txt')}&with_metadata=true`,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().objects).toHaveLength(1);
    expect(detail.json().objects[0]).toMatchObject({
      content_type: 'text/plain',
      tags: {},
      user_metadata: {},
    });
    expect(detail.json().objects[0].legal_hold_status).toBeUndefined();
  });

  test('huge folders come in pages that chain by continuation', async () => {
    await s3.makeBucket('many');
    await Promise.all(
      Array.from({ length: 25 }, (_, i) => s3.putObject('many', `k${String(i).padStart(2, '0')}`, 'x')),
    );
    const seen: string[] = [];
    let next: string | undefined;
    let pages = 0;
    do {
      const url = `/buckets/many/objects?limit=10${next ? `&continuation=${q(next)}` : ''}`;
      const res = await call('GET', url);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().objects.map((o: { name: string }) => o.name));
      next = res.json().next;
      pages += 1;
    } while (next);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect((await call('GET', '/buckets/many/objects?limit=5000')).statusCode).toBe(400);
  });

  test('a folder behind thousands of deleted keys still comes in full pages', async () => {
    // The store ends a listing page early after passing over 5000 keys under delete markers.
    await s3.makeBucket('markers');
    await s3.setBucketVersioning('markers', { Status: 'Enabled' });
    await s3.removeObjects(
      'markers',
      Array.from({ length: 6000 }, (_, i) => `gone-${String(i).padStart(4, '0')}`),
    );
    await Promise.all(['kept-1', 'kept-2'].map((k) => s3.putObject('markers', k, 'x')));
    const res = await call('GET', '/buckets/markers/objects?limit=10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      objects: [expect.objectContaining({ name: 'kept-1' }), expect.objectContaining({ name: 'kept-2' })],
    });
  });

  test('keys with spaces, plus signs, ampersands, quotes and accents list and page exactly', async () => {
    await s3.makeBucket('odd-keys');
    const keys = ['a b+c&d\'s "e".txt', 'dir +/é ü.txt', 'dir +/x%41y', 'plain', 'q?r#s'];
    for (const k of keys) await s3.putObject('odd-keys', k, 'x');
    const top = await call('GET', '/buckets/odd-keys/objects');
    expect(top.json().objects.map((o: { name: string }) => o.name)).toEqual([
      'dir +/',
      'a b+c&d\'s "e".txt',
      'plain',
      'q?r#s',
    ]);
    const folder = await call('GET', `/buckets/odd-keys/objects?prefix=${q('dir +/')}`);
    expect(folder.json().objects.map((o: { name: string }) => o.name)).toEqual([
      'dir +/x%41y',
      'dir +/é ü.txt',
    ]);
    // One key per page: every continuation token and version marker survives the round trip.
    for (const versions of [false, true]) {
      const seen: string[] = [];
      let next: string | undefined;
      do {
        const url = `/buckets/odd-keys/objects?recursive=true&limit=1&with_versions=${versions}${next ? `&continuation=${q(next)}` : ''}`;
        const res = await call('GET', url);
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...res.json().objects.map((o: { name: string }) => o.name));
        next = res.json().next;
      } while (next);
      expect(seen.sort()).toEqual([...keys].sort());
    }
  });

  test('one object with metadata: tags, user metadata, legal hold and retention', async () => {
    await call('POST', '/buckets', { name: 'vault', locking: true });
    await s3.putObject('vault', 'contract.pdf', 'signed', 6, {
      'Content-Type': 'application/pdf',
      'x-amz-meta-owner': 'legal',
    });
    expect(
      (
        await call('PUT', `/buckets/vault/objects/tags?prefix=contract.pdf`, {
          tags: { team: 'legal', year: '2026' },
        })
      ).statusCode,
    ).toBe(204);
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const retention = await call('PUT', '/buckets/vault/objects/retention?prefix=contract.pdf', {
      mode: 'governance',
      expires: until,
    });
    expect(retention.statusCode, retention.body).toBe(204);
    expect(
      (await call('PUT', '/buckets/vault/objects/legalhold?prefix=contract.pdf', { status: 'enabled' }))
        .statusCode,
    ).toBe(204);

    const res = await call('GET', '/buckets/vault/objects?prefix=contract.pdf&with_metadata=true');
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().objects;
    expect(item).toMatchObject({
      name: 'contract.pdf',
      content_type: 'application/pdf',
      user_metadata: { owner: 'legal' },
      tags: { team: 'legal', year: '2026' },
      legal_hold_status: 'ON',
      retention_mode: 'governance',
    });
    expect(Math.abs(Date.parse(item.retention_until_date) - Date.parse(until))).toBeLessThan(1000);

    // Locked: a plain delete of the version is refused until hold and retention are lifted.
    const versions = await call('GET', '/buckets/vault/objects?prefix=contract.pdf&with_versions=true');
    const versionId = versions.json().objects[0].version_id;
    // The detail view learns the version it shows (a plain listing carries none).
    expect(versionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.version_id).toBe(versionId);
    const locked = await call('DELETE', `/buckets/vault/objects?path=contract.pdf&version_id=${versionId}`);
    expect(locked.statusCode).toBeGreaterThanOrEqual(400);
    await call('PUT', `/buckets/vault/objects/legalhold?prefix=contract.pdf&version_id=${versionId}`, {
      status: 'disabled',
    });
    const cleared = await call(
      'DELETE',
      `/buckets/vault/objects/retention?prefix=contract.pdf&version_id=${versionId}`,
    );
    expect(cleared.statusCode, cleared.body).toBe(204);
    expect(
      (await call('DELETE', `/buckets/vault/objects?path=contract.pdf&version_id=${versionId}`)).statusCode,
    ).toBe(204);
    expect((await call('PUT', '/buckets/vault/objects/tags?prefix=gone.pdf', { tags: {} })).statusCode).toBe(
      404,
    );
    const past = await call('PUT', '/buckets/vault/objects/retention?prefix=contract.pdf', {
      mode: 'governance',
      expires: '2001-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
  });

  test('versions newest first, delete markers included, and rewind to a moment', async () => {
    await call('POST', '/buckets', { name: 'history', versioning: true });
    await s3.putObject('history', 'notes.txt', 'v1');
    await s3.putObject('history', 'gone.txt', 'here');
    // The real clock must pass: object times have whole seconds, so the moment lies a second
    // after the first writes and a second before the later ones.
    await new Promise((r) => setTimeout(r, 1100));
    const moment = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 1100));
    await s3.putObject('history', 'notes.txt', 'v2');
    await s3.removeObject('history', 'gone.txt');
    await s3.putObject('history', 'later.txt', 'new');

    const versions = await call('GET', '/buckets/history/objects?prefix=notes.txt&with_versions=true');
    const notes = versions.json().objects;
    expect(notes).toHaveLength(2);
    expect(notes[0].is_latest).toBe(true);
    expect(notes[0].last_modified >= notes[1].last_modified).toBe(true);
    const all = await call('GET', '/buckets/history/objects?with_versions=true');
    expect(all.json().objects.some((o: { is_delete_marker?: boolean }) => o.is_delete_marker)).toBe(true);

    const rewound = await call('GET', `/buckets/history/rewind/${q(moment)}`);
    expect(rewound.statusCode, rewound.body).toBe(200);
    const byName = Object.fromEntries(rewound.json().objects.map((o: { name: string }) => [o.name, o]));
    expect(Object.keys(byName).sort()).toEqual(['gone.txt', 'notes.txt']);
    expect(byName['gone.txt'].delete_flag).toBe(false);
    expect(byName['notes.txt'].version_id).toBe(notes[1].version_id);
    const now = await call('GET', `/buckets/history/rewind/${q(new Date(Date.now() + 1000).toISOString())}`);
    const nowByName = Object.fromEntries(now.json().objects.map((o: { name: string }) => [o.name, o]));
    expect(nowByName['gone.txt'].delete_flag).toBe(true);
    const before = await call('GET', '/buckets/history/rewind/2001-01-01T00:00:00Z');
    expect(before.json()).toEqual({ objects: null });
    expect((await call('GET', '/buckets/history/rewind/yesterday')).statusCode).toBe(400);
  });
});
