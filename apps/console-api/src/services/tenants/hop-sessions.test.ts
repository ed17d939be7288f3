import { describe, expect, test } from 'vitest';
import type { HopSession } from './hop-sessions.js';
import { HOP_RENEW_MARGIN_MS, HopSessions } from './hop-sessions.js';

const target = { console: { origin: 'http://c' }, minio: { origin: 'http://m' } };

function counter(expiresAt: number) {
  let logins = 0;
  const login = async (): Promise<HopSession> => {
    logins++;
    return { cookie: `token=${logins}`, writable: true, expiresAt, target };
  };
  return { login, count: () => logins };
}

describe('tenant console sessions kept beside the operator session', () => {
  test('concurrent requests share one login; other operators and tenants get their own', async () => {
    const hops = new HopSessions(() => 0);
    const { login, count } = counter(3_600_000);
    const owner = {};
    const [a, b] = await Promise.all([hops.get(owner, 'ns/t', login), hops.get(owner, 'ns/t', login)]);
    expect(a).toBe(b);
    expect(count()).toBe(1);
    await hops.get({}, 'ns/t', login);
    await hops.get(owner, 'ns/other', login);
    expect(count()).toBe(3);
  });

  test('a session about to run out is replaced before use', async () => {
    let now = 0;
    const hops = new HopSessions(() => now);
    const { login, count } = counter(3_600_000);
    const owner = {};
    await hops.get(owner, 'ns/t', login);
    now = 3_600_000 - HOP_RENEW_MARGIN_MS - 1;
    await hops.get(owner, 'ns/t', login);
    expect(count()).toBe(1);
    now += 1;
    const renewed = await hops.get(owner, 'ns/t', login);
    expect(count()).toBe(2);
    expect(renewed.cookie).toBe('token=2');
  });

  test('a refused session is forgotten, a failed login is not kept', async () => {
    const hops = new HopSessions(() => 0);
    const { login, count } = counter(3_600_000);
    const owner = {};
    const first = await hops.get(owner, 'ns/t', login);
    hops.forget(owner, 'ns/t', first);
    expect(await hops.get(owner, 'ns/t', login)).not.toBe(first);
    expect(count()).toBe(2);

    const failing = () => Promise.reject(new Error('tenant down'));
    await expect(hops.get(owner, 'ns/down', failing)).rejects.toThrow('tenant down');
    expect((await hops.get(owner, 'ns/down', login)).cookie).toBe('token=3');
  });

  test('forgetting a session that was already replaced keeps the new one', async () => {
    const hops = new HopSessions(() => 0);
    const { login, count } = counter(3_600_000);
    const owner = {};
    const old = await hops.get(owner, 'ns/t', login);
    hops.forget(owner, 'ns/t', old);
    const fresh = await hops.get(owner, 'ns/t', login);
    hops.forget(owner, 'ns/t', old);
    expect(await hops.get(owner, 'ns/t', login)).toBe(fresh);
    expect(count()).toBe(2);
  });
});
