import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DriveRecovery, type RecoverySteps } from './drive-recovery.js';

let recovery: DriveRecovery | undefined;
// The recovery delay and its growing retry pause run on fake timers; vi.waitFor advances them.
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  recovery?.close();
  vi.useRealTimers();
});

/** Steps whose reformat fails `failures` times before the drive can be written again. */
function steps(failures: number) {
  const calls: string[] = [];
  let left = failures;
  const s: RecoverySteps = {
    reformat: async (d) => {
      calls.push(`reformat ${d}`);
      return left-- <= 0;
    },
    reopen: async (d) => {
      calls.push(`reopen ${d}`);
    },
    restoreDocuments: async (d) => {
      calls.push(`restore ${d}`);
    },
    healAll: async () => {
      calls.push('healAll');
    },
  };
  return { s, calls };
}

describe('drive recovery', () => {
  it('retries a drive that cannot be written yet until it can, with no further report', async () => {
    const { s, calls } = steps(2);
    recovery = new DriveRecovery(s, 10);
    recovery.lost(1);
    await vi.waitFor(() => expect(calls).toContain('healAll'));
    expect(calls).toEqual(['reformat 1', 'reformat 1', 'reformat 1', 'reopen 1', 'restore 1', 'healAll']);
  });

  it('a drive lost while a round is running is recovered after it', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { s, calls } = steps(0);
    const heal = s.healAll;
    s.healAll = async () => {
      await gate;
      await heal();
    };
    recovery = new DriveRecovery(s, 10);
    recovery.lost(0);
    await vi.waitFor(() => expect(calls).toContain('restore 0'));
    recovery.lost(2);
    // Its delay passes while the first round still waits in healAll.
    await vi.advanceTimersByTimeAsync(10);
    expect(calls).not.toContain('reformat 2');
    release();
    await vi.waitFor(() => expect(calls).toContain('restore 2'));
    expect(calls).toContain('reopen 2');
  });

  it('reports a drive as recovering from its loss until its objects are healed, retries included', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { s, calls } = steps(1);
    const heal = s.healAll;
    s.healAll = async () => {
      await gate;
      await heal();
    };
    recovery = new DriveRecovery(s, 10);
    expect(recovery.recovering()).toEqual([]);
    recovery.lost(3);
    recovery.lost(1);
    // Waiting for its delay, then for a retry after a reformat that failed.
    expect(recovery.recovering()).toEqual([1, 3]);
    // Drive 3's first reformat fails; drive 1 is formatted and its documents are back, its
    // objects not yet healed onto it.
    await vi.waitFor(() => expect(calls).toContain('restore 1'));
    expect(calls.filter((c) => c === 'reformat 3')).toHaveLength(1);
    expect(recovery.recovering()).toEqual([1, 3]);
    release();
    await vi.waitFor(() => expect(calls).toContain('restore 3'));
    await vi.waitFor(() => expect(recovery?.recovering()).toEqual([]));
    expect(calls.filter((c) => c === 'healAll')).toHaveLength(2);
  });
});
