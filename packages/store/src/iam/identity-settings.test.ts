import { describe, expect, it } from 'vitest';
import { identitySettings } from './identity-settings.js';

describe('identity settings', () => {
  it('default as README.md says', () => {
    const s = identitySettings({});
    expect({ ...s, now: undefined }).toEqual({
      revalidateIntervalMs: 5 * 60_000,
      checkCacheMs: 60_000,
      stsMaxDurationSeconds: 12 * 3600,
      throttle: {
        failuresPerName: 5,
        failuresPerAddress: 20,
        windowMs: 15 * 60_000,
        backoffMs: 60_000,
        maxBackoffMs: 15 * 60_000,
        maxEntries: 10_000,
      },
      now: undefined,
    });
  });

  it('come from STOWAGE_* variables, and settings given in code win', () => {
    const env = {
      STOWAGE_IDENTITY_REVALIDATE_INTERVAL: '30s',
      STOWAGE_IDENTITY_CHECK_CACHE: '10s',
      STOWAGE_STS_MAX_DURATION: '1h',
      STOWAGE_STS_LOGIN_FAILURES: '3',
      STOWAGE_STS_LOGIN_FAILURES_PER_ADDRESS: '50',
      STOWAGE_STS_LOGIN_WINDOW: '1h',
      STOWAGE_STS_LOGIN_BACKOFF: '2m',
      STOWAGE_STS_LOGIN_BACKOFF_MAX: '1d',
      STOWAGE_STS_LOGIN_TRACKED: '500',
    };
    const s = identitySettings(env, { checkCacheMs: 5, throttle: { failuresPerName: 9 } });
    expect(s.revalidateIntervalMs).toBe(30_000);
    expect(s.checkCacheMs).toBe(5);
    expect(s.stsMaxDurationSeconds).toBe(3600);
    expect(s.throttle).toEqual({
      failuresPerName: 9,
      failuresPerAddress: 50,
      windowMs: 3600_000,
      backoffMs: 120_000,
      maxBackoffMs: 86_400_000,
      maxEntries: 500,
    });
  });

  it('refuse values that are not what they must be, naming the variable', () => {
    expect(() => identitySettings({ STOWAGE_IDENTITY_REVALIDATE_INTERVAL: 'often' })).toThrow(
      'STOWAGE_IDENTITY_REVALIDATE_INTERVAL must be a positive duration such as "5m", not "often"',
    );
    expect(() => identitySettings({ STOWAGE_STS_LOGIN_BACKOFF: '0' })).toThrow(
      /STOWAGE_STS_LOGIN_BACKOFF must/,
    );
    expect(() => identitySettings({ STOWAGE_STS_LOGIN_FAILURES: '0' })).toThrow(
      'STOWAGE_STS_LOGIN_FAILURES must be a whole number of at least 1, not "0"',
    );
    expect(() => identitySettings({ STOWAGE_STS_MAX_DURATION: '10m' })).toThrow(
      'STOWAGE_STS_MAX_DURATION must be at least 15m',
    );
  });
});
