import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CookiePolicy } from './cookie.js';

const overHttp = { protocol: 'http', cookies: {} } as unknown as FastifyRequest;
const setBy = (policy: CookiePolicy, request = overHttp) => {
  const set: { name: string; path: string | undefined }[] = [];
  const reply = {
    setCookie: (name: string, _v: string, o: { path?: string }) => set.push({ name, path: o.path }),
  };
  policy.set(request, reply as never, 'token', 'v', 60);
  return set[0];
};

describe('cookie names and paths', () => {
  it('one deployment: `token` at the base path, __Host- prefixed when Secure at the root', () => {
    expect(setBy(new CookiePolicy({ basePath: '/console', secureCookies: false }))).toEqual({
      name: 'token',
      path: '/console/',
    });
    expect(setBy(new CookiePolicy({ basePath: '', secureCookies: true }))).toEqual({
      name: '__Host-token',
      path: '/',
    });
  });

  it("several: each listed deployment's cookie carries its id, all at the console's path", () => {
    const listed = (consoleBasePath: string, secureCookies: boolean) =>
      new CookiePolicy({
        basePath: `${consoleBasePath}/d/eu`,
        secureCookies,
        deployment: { id: 'eu', root: false, consoleBasePath },
      });
    expect(setBy(listed('', false))).toEqual({ name: 'token-eu', path: '/' });
    expect(setBy(listed('', true))).toEqual({ name: '__Host-token-eu', path: '/' });
    expect(setBy(listed('/console', true))).toEqual({ name: 'token-eu', path: '/console/' });
    const root = new CookiePolicy({
      basePath: '',
      secureCookies: false,
      deployment: { id: 'local', root: true, consoleBasePath: '' },
    });
    expect(setBy(root)).toEqual({ name: 'token', path: '/' });
    const request = {
      protocol: 'http',
      cookies: { token: 'a', 'token-eu': 'b' },
    } as unknown as FastifyRequest;
    expect(root.read(request, 'token')).toBe('a');
    expect(listed('', false).read(request, 'token')).toBe('b');
  });
});
