import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConsoleDatabase } from '../../db/database.js';
import { LinkRecords, type NewLink, toShareLink } from './link-records.js';
import { SHARE_LINKS_SCHEMA } from './schema.js';

// The share-link rows on a real (in-memory) SQLite, with the console's clock set by the test.

let db: ConsoleDatabase;
let now: number;
let records: LinkRecords;
const T0 = Date.parse('2026-11-29T10:00:00Z');
const link = (over: Partial<NewLink> = {}): NewLink => ({
  kind: 'download',
  bucket: 'docs',
  path: 'a.txt',
  creator: 'alice',
  expiresAt: T0 + 3_600_000,
  accessKey: 'AKSHARE1',
  secretKey: 'share-secret-key-1234',
  ...over,
});

beforeEach(() => {
  db = ConsoleDatabase.open(':memory:', [SHARE_LINKS_SCHEMA]);
  now = T0;
  records = new LinkRecords(db, () => now);
});
afterEach(() => db.close());

describe('share link records', () => {
  it('keeps the secret sealed in the row, opened only on demand, and never in the API shape', () => {
    const made = records.add(link());
    const row = db.sql.get<Record<string, unknown>>('SELECT * FROM share_links WHERE id = ?', [made.id]);
    expect(JSON.stringify(row)).not.toContain('share-secret-key-1234');
    expect(made.secretKey()).toBe('share-secret-key-1234');
    expect(JSON.stringify(toShareLink(made))).not.toContain('share-secret-key-1234');
    expect(made.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('counts downloads up to the limit and no further', () => {
    const made = records.add(link({ downloadLimit: 2 }));
    expect([
      records.countDownload(made.id),
      records.countDownload(made.id),
      records.countDownload(made.id),
    ]).toEqual([true, true, false]);
    const after = records.get(made.id)!;
    expect(after.downloadCount).toBe(2);
    expect(records.refusal(after)).toBe('exhausted');
  });

  it('refuses an expired or revoked link, revoked first', () => {
    const made = records.add(link());
    expect(records.refusal(made)).toBeUndefined();
    now = made.expiresAt;
    expect(records.refusal(records.get(made.id)!)).toBe('expired');
    expect(records.countDownload(made.id)).toBe(false);
    records.markRevoked(made.id);
    const revokedAt = records.get(made.id)!.revokedAt;
    now += 1000;
    records.markRevoked(made.id);
    expect(records.get(made.id)!.revokedAt).toBe(revokedAt);
    expect(records.refusal(records.get(made.id)!)).toBe('revoked');
  });

  it("pages one creator's links or everyone's, newest first", () => {
    for (const [i, creator] of ['alice', 'bob', 'alice', 'alice'].entries()) {
      now = T0 + i;
      records.add(link({ creator, path: `f${i}` }));
    }
    const alice = records.page('alice', 0, 2);
    expect(alice.total).toBe(3);
    expect(alice.links.map((l) => l.path)).toEqual(['f3', 'f2']);
    expect(records.page('alice', 2, 2).links.map((l) => l.path)).toEqual(['f0']);
    expect(records.page(undefined, 0, 10).links.map((l) => l.creator)).toEqual([
      'alice',
      'alice',
      'bob',
      'alice',
    ]);
  });
});
