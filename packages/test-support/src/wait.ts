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
