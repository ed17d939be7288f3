import { describe, expect, it } from 'vitest';
import { silentLogger } from '../observe/logger.js';
import { StaleUploadCleanup, staleUploadPolicy } from './stale-uploads.js';

describe('the stale upload policy from the api subsystem', () => {
  it("takes MinIO's defaults, set values, and zero as off", () => {
    expect(staleUploadPolicy({})).toEqual({ intervalMs: 6 * 3_600_000, expiryMs: 24 * 3_600_000 });
    expect(
      staleUploadPolicy({
        api: { _: { stale_uploads_cleanup_interval: '30m', stale_uploads_expiry: '2d' } },
      }),
    ).toEqual({ intervalMs: 1_800_000, expiryMs: 2 * 86_400_000 });
    expect(staleUploadPolicy({ api: { _: { stale_uploads_expiry: '0s' } } })).toBeUndefined();
    // A walk reads every drive: never more often than once a second.
    expect(staleUploadPolicy({ api: { _: { stale_uploads_cleanup_interval: '10ms' } } })?.intervalMs).toBe(
      1000,
    );
    // Past a Node timer's longest wait (about 24.8 days) a timer fires every millisecond.
    expect(staleUploadPolicy({ api: { _: { stale_uploads_cleanup_interval: '30d' } } })?.intervalMs).toBe(
      2 ** 31 - 1,
    );
  });

  it('aborts what began before now minus the expiry, one walk at a time', async () => {
    const cutoffs: number[] = [];
    let finish: (n: number) => void = () => {};
    const cleanup = new StaleUploadCleanup(
      (before) => {
        cutoffs.push(before);
        return new Promise((resolve) => {
          finish = resolve;
        });
      },
      silentLogger,
      () => 10_000_000,
    );
    await cleanup.runOnce(); // no policy applied yet: nothing runs
    cleanup.apply({ api: { _: { stale_uploads_expiry: '1h' } } });
    const first = cleanup.runOnce();
    const second = cleanup.runOnce();
    expect(cutoffs).toEqual([10_000_000 - 3_600_000]);
    finish(0);
    await Promise.all([first, second]);
    await cleanup.stop();
  });
});
