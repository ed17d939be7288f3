import { describe, expect, test } from 'vitest';
import { csrfMatches, SessionStore } from './store.js';

const input = {
  credentials: { accessKey: 'TMPKEY', secretKey: 'tmpsecret', sessionToken: 'tok' },
  credentialsExpireAt: 10_000_000,
  accountAccessKey: 'admin',
  identity: 'builtin' as const,
  grants: { allow: ['s3:*'], deny: [] },
  rules: [],
  distributedMode: true,
};

function storeAt(start = 0) {
  let now = start;
  const store = new SessionStore({ idleMs: 1000, absoluteMs: 5000, refreshMs: 600 }, () => now);
  return { store, advance: (ms: number) => (now += ms) };
}

describe('SessionStore', () => {
  test('ids are opaque random strings and find their session', () => {
    const { store } = storeAt();
    const a = store.create(input);
    const b = store.create(input);
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(store.touch(a.id)).toBe(a.session);
    expect(store.touch('nope')).toBeUndefined();
    expect(store.touch(undefined)).toBeUndefined();
  });

  test('revoke ends a session at once', () => {
    const { store } = storeAt();
    const { id } = store.create(input);
    store.revoke(id);
    expect(store.touch(id)).toBeUndefined();
  });

  test('idle timeout, refreshed by use', () => {
    const { store, advance } = storeAt();
    const { id } = store.create(input);
    advance(900);
    expect(store.touch(id)).toBeDefined();
    advance(900);
    expect(store.touch(id)).toBeDefined();
    advance(1001);
    expect(store.touch(id)).toBeUndefined();
  });

  test('absolute timeout, however busy', () => {
    const { store, advance } = storeAt();
    const { id } = store.create(input);
    for (let i = 0; i < 5; i++) {
      advance(900);
      expect(store.touch(id)).toBeDefined();
    }
    advance(600);
    expect(store.touch(id)).toBeUndefined();
  });

  test('a session ends when its STS credentials expire', () => {
    const { store, advance } = storeAt(9_999_500);
    const { id } = store.create(input);
    advance(600);
    expect(store.touch(id)).toBeUndefined();
  });

  test("a session's rights are stale once the refresh interval has passed, or when marked", () => {
    const { store, advance } = storeAt();
    const { session } = store.create(input);
    advance(599);
    expect(store.isStale(session)).toBe(false);
    advance(1);
    expect(store.isStale(session)).toBe(true);
    store.refresh(session, { grants: { allow: [], deny: [] }, rules: [], distributedMode: false });
    expect(store.isStale(session)).toBe(false);
    expect(session.grants).toEqual({ allow: [], deny: [] });
    store.markAllStale();
    expect(store.isStale(session)).toBe(true);
    // the default interval is a minute
    const plain = new SessionStore({ idleMs: 120_000, absoluteMs: 120_000 }, () => 0);
    expect(plain.isStale(plain.create(input).session)).toBe(false);
  });

  test("revokeAccount ends one user's sessions, of that identity only, but the one kept", () => {
    const { store } = storeAt();
    const a = store.create(input);
    const b = store.create(input);
    const c = store.create(input);
    const other = store.create({ ...input, accountAccessKey: 'someone' });
    const directory = store.create({ ...input, identity: 'ldap' });
    expect(store.revokeAccount('admin', 'builtin', b.id)).toBe(2);
    expect(store.touch(a.id)).toBeUndefined();
    expect(store.touch(c.id)).toBeUndefined();
    expect(store.touch(b.id)).toBeDefined();
    expect(store.touch(other.id)).toBeDefined();
    expect(store.touch(directory.id)).toBeDefined();
  });

  test('expired sessions are swept when new ones are made', () => {
    const { store, advance } = storeAt();
    store.create(input);
    store.create(input);
    advance(2000);
    store.create(input);
    expect(store.size).toBe(1);
  });
});

test('csrfMatches compares in constant time and rejects missing or different tokens', () => {
  expect(csrfMatches('abc', 'abc')).toBe(true);
  expect(csrfMatches('abc', 'abd')).toBe(false);
  expect(csrfMatches('abc', 'abcd')).toBe(false);
  expect(csrfMatches('abc', undefined)).toBe(false);
});
