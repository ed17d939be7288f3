import { configDuration, MAX_TIMER_MS } from '../config/duration.js';
import { effective, type ServerConfig } from '../config/kv.js';
import { subsystem } from '../config/subsystems.js';

// The heal subsystem's max_io and max_sleep, as MinIO's waitForLowIO applies them: before
// each object a background heal (of objects reads found damaged, of a drive filled again,
// of the bitrot scan) waits while the server is busier than max_io requests, for at most
// max_sleep, so that heal gives way to clients.

export interface HealPace {
  maxIo: number;
  maxSleepMs: number;
}

const TICK_MS = 100;

export function healPace(config: ServerConfig): HealPace {
  const heal = effective(config, subsystem('heal')!, '_');
  const maxIo = Number(heal.max_io);
  const maxSleep = configDuration(heal.max_sleep ?? '');
  return {
    maxIo: Number.isInteger(maxIo) && maxIo >= 0 ? maxIo : 100,
    maxSleepMs: Math.min(MAX_TIMER_MS, maxSleep !== undefined && maxSleep >= 0 ? maxSleep : 1000),
  };
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** Waits, a tick at a time, while `currentIO()` is at max_io or more; at most max_sleep. */
export async function waitForLowIO(
  pace: HealPace,
  currentIO: () => number,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<void> {
  let left = pace.maxSleepMs;
  while (left > 0 && currentIO() >= pace.maxIo) {
    const tick = Math.min(TICK_MS, left);
    await wait(tick);
    left -= tick;
  }
}
