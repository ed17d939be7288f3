import { describe, expect, test } from 'vitest';
import { fromStorageError } from './errors.js';

describe('fromStorageError', () => {
  test('a refused connection means the storage server cannot be reached (503)', () => {
    const err = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    const mapped = fromStorageError(err, 'login');
    expect(mapped.status).toBe(503);
    expect(mapped.body().message).toBe('the storage server cannot be reached');
  });

  test('bad keys at login are 401 invalid Login, with the server message as detail', () => {
    const mapped = fromStorageError(
      {
        status: 403,
        code: 'InvalidAccessKeyId',
        message: 'The Access Key Id you provided does not exist in our records.',
      },
      'login',
    );
    expect(mapped.status).toBe(401);
    expect(mapped.body()).toEqual({
      message: 'invalid Login',
      detailedMessage: 'The Access Key Id you provided does not exist in our records.',
    });
  });

  test('outside login: expired tokens are 401, denials 403 with the server message, the rest 500', () => {
    expect(fromStorageError({ status: 400, code: 'ExpiredToken', message: 'x' }, 'call').status).toBe(401);
    const denied = fromStorageError({ status: 403, code: 'AccessDenied', message: 'Access Denied.' }, 'call');
    expect(denied.status).toBe(403);
    expect(denied.body().message).toBe('Access Denied.');
    expect(fromStorageError({ status: 500, code: 'InternalError', message: 'boom' }, 'call').status).toBe(
      500,
    );
  });

  test("the server's own code stays on the mapped error; a network failure has none", () => {
    expect(fromStorageError({ code: 'InvalidAccessKeyId', message: 'x' }, 'call').storageCode).toBe(
      'InvalidAccessKeyId',
    );
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(fromStorageError(refused, 'call').storageCode).toBeUndefined();
  });

  test("the store's codes for bad input (too many tags, a retention period out of range) are 400, as the S3 SDK reports them (no status)", () => {
    for (const code of ['BadRequest', 'InvalidRetentionPeriod', 'InvalidTag']) {
      const mapped = fromStorageError({ code, message: 'Object tags cannot be greater than 10' }, 'call');
      expect(mapped.status, code).toBe(400);
      expect(mapped.body().detailedMessage, code).toBe('Object tags cannot be greater than 10');
    }
  });
});
