import { isNotFound } from '../fs/atomic.js';
import { formatPath } from '../fs/layout.js';
import { stat } from '../fs/os.js';

/** What one drive said when asked for a record ('offline': not asked, the drive is gone). */
export type DriveAnswer<T> = { value: T } | 'absent' | 'error' | 'offline';

/** Runs fn on every drive; ENOENT becomes 'absent', any other failure 'error'. */
export function askAll<T>(
  drives: readonly string[],
  fn: (drive: string, i: number) => Promise<T | undefined>,
): Promise<DriveAnswer<T>[]> {
  return Promise.all(
    drives.map(async (d, i): Promise<DriveAnswer<T>> => {
      try {
        const value = await fn(d, i);
        return value === undefined ? 'absent' : { value };
      } catch (err) {
        return isNotFound(err) ? 'absent' : 'error';
      }
    }),
  );
}

/**
 * A wiped or unmounted drive answers "absent" for everything; its missing format.json
 * tells it apart from a drive that truly lacks the record. Only checked when the answers
 * disagree, so healthy reads cost nothing extra.
 */
export async function countUnreachable<T>(
  drives: readonly string[],
  answers: DriveAnswer<T>[],
): Promise<number> {
  const checks = await Promise.all(
    answers.map(async (a, i) => {
      if (a === 'error' || a === 'offline') return 1;
      if (a !== 'absent') return 0;
      try {
        await stat(formatPath(drives[i]!));
        return 0;
      } catch {
        return 1;
      }
    }),
  );
  return checks.reduce<number>((s, n) => s + n, 0);
}

/** Runs fn on every drive and counts the successes (each drive's failure is its own). */
export async function doAll(
  drives: readonly string[],
  fn: (drive: string, i: number) => Promise<unknown>,
): Promise<boolean[]> {
  return Promise.all(
    drives.map(async (d, i) => {
      try {
        await fn(d, i);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

export const successes = (ok: boolean[]): number => ok.filter(Boolean).length;
