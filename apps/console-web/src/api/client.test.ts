import { routes } from '@stowage/contract/route-index';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { mockApi, networkFailure } from '../test/fetchMock.js';
import { bucket, session } from '../test/fixtures.js';
import { ApiError } from './ApiError.js';
import { setBasePath } from './basePath.js';
import { apiUrl, callApi } from './client.js';
import { onSessionEnd } from './sessionEvents.js';
import { getToken, setToken } from './token.js';

function watchSessionEnd() {
  const ended = vi.fn();
  const stop = onSessionEnd(ended);
  return { ended, stop };
}

describe('callApi', () => {
  afterEach(() => setBasePath(''));

  it('returns the typed body of the contract route, prefixed with the base path', async () => {
    setBasePath('/console');
    const api = mockApi({ 'GET /console/api/v1/buckets': { body: { buckets: [bucket('a')], total: 1 } } });
    const result = await callApi(routes.listBuckets);
    expectTypeOf(result.buckets[0]!.rw_access.read).toEqualTypeOf<boolean>();
    expect(result.total).toBe(1);
    expect(api.calls[0]?.url).toBe('/console/api/v1/buckets');
  });

  it('returns undefined for an empty 204 response', async () => {
    mockApi({ 'POST /api/v1/logout': { status: 204 } });
    const result = await callApi(routes.logout);
    expectTypeOf(result).toEqualTypeOf<undefined>();
    expect(result).toBeUndefined();
  });

  it('sends the CSRF token on mutations of session routes only', async () => {
    setToken('csrf-1');
    const api = mockApi({
      'POST /api/v1/logout': { status: 204 },
      'POST /api/v1/login': { status: 204 },
      'GET /api/v1/session': { body: session() },
    });
    await callApi(routes.logout);
    await callApi(routes.login, { body: { accessKey: 'a', secretKey: 'b' } });
    await callApi(routes.getSession);
    expect(api.calls[0]?.headers['x-csrf-token']).toBe('csrf-1');
    expect(api.calls[1]?.headers['x-csrf-token']).toBeUndefined();
    expect(api.calls[1]?.body).toEqual({ accessKey: 'a', secretKey: 'b' });
    expect(api.calls[2]?.headers['x-csrf-token']).toBeUndefined();
  });

  it('on 401 from a session route clears the token and ends the session', async () => {
    setToken('csrf-1');
    const { ended, stop } = watchSessionEnd();
    mockApi({
      'GET /api/v1/buckets': { status: 401, body: { message: 'invalid session', detailedMessage: '' } },
    });
    await expect(callApi(routes.listBuckets)).rejects.toMatchObject({
      status: 401,
      message: 'Invalid session',
    });
    expect(getToken()).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
    stop();
  });

  it('treats a network error with no status like a 401', async () => {
    setToken('csrf-1');
    const { ended, stop } = watchSessionEnd();
    mockApi({ 'GET /api/v1/buckets': networkFailure });
    await expect(callApi(routes.listBuckets)).rejects.toMatchObject({ status: 0 });
    expect(getToken()).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
    stop();
  });

  it('a bad login (401 on POST /login) is an error to show, not a session end', async () => {
    const { ended, stop } = watchSessionEnd();
    mockApi({
      'POST /api/v1/login': {
        status: 401,
        body: { message: 'invalid Login', detailedMessage: 'invalid Login' },
      },
    });
    const error = await callApi(routes.login, { body: { accessKey: 'a', secretKey: 'b' } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Invalid Login', details: undefined });
    expect(ended).not.toHaveBeenCalled();
    stop();
  });

  it('capitalises message and details, and keeps details that differ', async () => {
    mockApi({
      'GET /api/v1/buckets': {
        status: 500,
        body: { message: 'the storage server returned an error', detailedMessage: 'disk full' },
      },
    });
    await expect(callApi(routes.listBuckets)).rejects.toMatchObject({
      status: 500,
      message: 'The storage server returned an error',
      details: 'Disk full',
    });
  });

  it("falls back to 'Error {status}' without a server message", async () => {
    mockApi({ 'GET /api/v1/buckets': new Response('<html>bad gateway</html>', { status: 502 }) });
    await expect(callApi(routes.listBuckets)).rejects.toMatchObject({ status: 502, message: 'Error 502' });
  });
});

describe('apiUrl', () => {
  it('encodes query values and repeats arrays', () => {
    expect(apiUrl('/policies', { limit: 1000, name: ['a b', 'c'], skip: undefined })).toBe(
      '/api/v1/policies?limit=1000&name=a+b&name=c',
    );
  });
});
