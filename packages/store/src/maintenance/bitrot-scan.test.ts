import { until } from '@stowage/test-support/wait';
import { describe, expect, it } from 'vitest';
import { applyLines, parseText } from '../config/kv.js';
import { messageLogger } from '../observe/logger.js';
import { BitrotScan, bitrotScanPolicy } from './bitrot-scan.js';

const config = (text: string) => applyLines({}, parseText(text));

describe('the bitrot scan policy', () => {
  it('is off until heal bitrotscan=on, and takes the scanner speed, then its own keys', () => {
    expect(bitrotScanPolicy({})).toBeUndefined();
    expect(bitrotScanPolicy(config('heal bitrotscan=on'))).toEqual({
      delay: 2,
      maxWaitMs: 1000,
      cycleMs: 60_000,
    });
    expect(bitrotScanPolicy(config('heal bitrotscan=on\nscanner speed=fastest'))).toEqual({
      delay: 0,
      maxWaitMs: 0,
      cycleMs: 1000,
    });
    expect(
      bitrotScanPolicy(config('heal bitrotscan=on\nscanner speed=slow delay=0.5 max_wait=2s cycle=10m')),
    ).toEqual({ delay: 0.5, maxWaitMs: 2000, cycleMs: 600_000 });
  });
});

describe('the bitrot scan', () => {
  /** Buckets of keys; every heal is noted, and the keys named in `damaged` report a drive healed. */
  function store(
    buckets: Record<string, string[]>,
    damaged: string[] = [],
    slow = false,
    badIndexes: number[] = [],
  ) {
    const healed: string[] = [];
    const logs: string[] = [];
    const steps = {
      // Each pass checks the indexes first.
      indexes: async () => {
        healed.push('(indexes)');
        return badIndexes;
      },
      objects: async function* () {
        for (const [bucket, keys] of Object.entries(buckets)) for (const key of keys) yield { bucket, key };
      },
      heal: async (b: string, k: string) => {
        healed.push(`${b}/${k}`);
        if (slow) await new Promise((r) => setTimeout(r, 2)); // a heal that takes time: a pause follows
        return damaged.includes(`${b}/${k}`) ? [1] : [];
      },
    };
    return {
      healed,
      logs,
      scan: new BitrotScan(
        steps,
        messageLogger((l) => logs.push(l)),
      ),
    };
  }

  it('checks every key of every bucket, pass after pass, and says what it healed', async () => {
    const keys = Array.from({ length: 2500 }, (_, i) => `k${String(i).padStart(4, '0')}`);
    const { healed, logs, scan } = store({ a: keys, b: ['x'] }, ['a/k0007'], false, [2]);
    scan.apply(config('heal bitrotscan=on\nscanner speed=fastest cycle=10ms'));
    await until(() => healed.length >= 2 * 2502);
    await scan.stop();
    expect(healed.slice(0, 2502)).toEqual(['(indexes)', ...keys.map((k) => `a/${k}`), 'b/x']);
    expect(healed.slice(2502, 5004)).toEqual(healed.slice(0, 2502));
    expect(logs).toContain('bitrot scan healed 1 object(s)');
    expect(logs).toContain(
      'bitrot scan found the index of drive 3 damaged; the drive is offline until it is filled again',
    );
  });

  it('does nothing while off, and stops after the object it is on when turned off', async () => {
    const { healed, scan } = store({ a: ['1', '2', '3'] }, [], true);
    scan.apply({});
    await new Promise((r) => setTimeout(r, 50));
    expect(healed).toEqual([]);
    // A pause of the slowest pace between objects: turned off during it, the scan ends.
    scan.apply(config('heal bitrotscan=on\nscanner speed=slowest delay=1000000'));
    await until(() => healed.length >= 2);
    scan.apply(config('heal bitrotscan=off'));
    await scan.stop();
    expect(healed).toEqual(['(indexes)', 'a/1']);
  });
});
