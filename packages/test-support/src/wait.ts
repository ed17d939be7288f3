import { vi } from 'vitest';

/**
 * Waits (vi.waitFor) until `cond` holds or `timeout` ms pass, and never throws: the assertion
 * that follows says what went wrong. For a wait that must fail by itself, use vi.waitFor.
 */
export async function until(
  cond: () => boolean | Promise<boolean>,
  { timeout = 2000, interval = 10 }: { timeout?: number; interval?: number } = {},
): Promise<void> {
  await vi
    .waitFor(
      async () => {
        if (!(await cond())) throw new Error('not yet');
      },
      { timeout, interval },
    )
    .catch(() => {});
}

/**
 * Resolves once a listener hears the store: `probe` makes an event its filter takes (a write
 * or delete of a probe key) until one arrives. A bucket listener gives its client no sign of
 * being subscribed (minio-js emits only records; the console's socket only events), so an
 * event heard is the sign. The test then leaves the probe key's events out.
 */
export async function listening(heard: () => boolean, probe: () => Promise<unknown>): Promise<void> {
  await vi.waitFor(
    async () => {
      if (heard()) return;
      await probe();
      throw new Error('no probe event heard yet');
    },
    { timeout: 10_000, interval: 50 },
  );
}
