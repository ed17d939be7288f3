import { describe, expect, it } from 'vitest';
import { fromStorageError } from '../../clients/errors.js';
import { isAccountRefused, isTransient } from './kinds.js';

// Which failures stop a job's page (redone when the job goes on, or retried) rather than
// being one key's final outcome, judged on errors as storage calls hand them over: mapped.
const mapped = (code: string, status?: number) =>
  fromStorageError({ code, message: code, ...(status ? { status } : {}) }, 'call');

describe('a failure of the page, not of the key', () => {
  it('the store asking to slow down, or not reachable, is transient', () => {
    expect(isTransient(mapped('SlowDown'))).toBe(true);
    expect(isTransient(mapped('ServiceUnavailable'))).toBe(true);
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(isTransient(fromStorageError(refused, 'call'))).toBe(true);
    expect(isTransient(mapped('AccessDenied', 403))).toBe(false);
    expect(isTransient(mapped('NoSuchKey', 404))).toBe(false);
  });

  it("the store no longer taking the job's account refuses every key alike", () => {
    expect(isAccountRefused(mapped('InvalidAccessKeyId', 403))).toBe(true);
    expect(isAccountRefused(mapped('ExpiredToken', 400))).toBe(true);
    // A key the account may not touch is that key's outcome.
    expect(isAccountRefused(mapped('AccessDenied', 403))).toBe(false);
  });
});
