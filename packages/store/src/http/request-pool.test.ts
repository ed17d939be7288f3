import { describe, expect, it } from 'vitest';
import type { RequestLimits } from '../config/api.js';
import { requestLimits } from '../config/api.js';
import { applyLines, parseText, type ServerConfig } from '../config/kv.js';
import { ApiError } from '../wire/errors.js';
import { RequestPool } from './request-pool.js';

const GiB = 1024 ** 3;
const settled = <T>(p: Promise<T>) =>
  p.then(
    (v) => ({ ok: v }),
    (err: unknown) => ({ err }),
  );

describe('RequestPool', () => {
  it('admits up to the limit, then queues in arrival order; a release lets the next in', async () => {
    const pool = new RequestPool(() => ({ max: 2, deadlineMs: 10_000 }));
    const a = await pool.admit();
    await pool.admit();
    const order: string[] = [];
    const c = Promise.resolve(pool.admit()).then((release) => {
      order.push('c');
      return release;
    });
    const d = Promise.resolve(pool.admit()).then((release) => {
      order.push('d');
      return release;
    });
    expect(pool.queued).toBe(2);
    a();
    a(); // a second release of one place changes nothing
    (await c)();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    expect(pool.inFlight).toBe(1);
  });

  it('refuses a request that waited past the deadline with TooManyRequests, and forgets it', async () => {
    const pool = new RequestPool(() => ({ max: 1, deadlineMs: 20 }));
    const held = await pool.admit();
    const late = await settled(Promise.resolve(pool.admit()));
    expect((late as { err: ApiError }).err).toBeInstanceOf(ApiError);
    expect((late as { err: ApiError }).err.code).toBe('TooManyRequests');
    expect((late as { err: ApiError }).err.status).toBe(429);
    expect(pool.queued).toBe(0);
    held();
    expect(pool.inFlight).toBe(0);
  });

  it('drops a waiter whose client left, without taking a place for it', async () => {
    const pool = new RequestPool(() => ({ max: 1, deadlineMs: 10_000 }));
    const held = await pool.admit();
    let leave = () => {};
    const waiting = settled(
      Promise.resolve(
        pool.admit((left) => {
          leave = left;
        }),
      ),
    );
    leave();
    expect(((await waiting) as { err: ApiError }).err.code).toBe('RequestTimeout');
    expect(pool.queued).toBe(0);
    held();
    expect(pool.inFlight).toBe(0);
  });

  it('reads the limits on every request: a raised limit admits waiters at the next release', async () => {
    let limits: RequestLimits = { max: 1, deadlineMs: 10_000 };
    const pool = new RequestPool(() => limits);
    const first = await pool.admit();
    const waiters = [pool.admit(), pool.admit()].map((w) => Promise.resolve(w));
    limits = { max: 3, deadlineMs: 10_000 };
    const later = Promise.resolve(pool.admit()); // behind the two: arrival order holds over the raised limit
    first();
    await Promise.all([...waiters, later]);
    expect(pool.inFlight).toBe(3);
  });
});

describe('requestLimits', () => {
  const withApi = (line: string): ServerConfig => applyLines({}, parseText(line));

  it('sizes the automatic limit as MinIO does: 3/4 of memory over a block per drive and two more', () => {
    // 16 GiB: 12 GiB / (4 × 1056 KiB + 2 MiB) = 12 GiB / 6272 KiB
    expect(requestLimits({}, 4, 16 * GiB)).toEqual({
      max: Math.floor((12 * GiB) / (6272 * 1024)),
      deadlineMs: 10_000,
    });
    expect(requestLimits({}, 1, 64 * 1024 ** 2).max).toBe(15);
    expect(requestLimits({}, 16, 1024 ** 2).max).toBe(1); // never zero
  });

  it('takes a configured limit and deadline; a zero deadline means the 10 s default', () => {
    expect(requestLimits(withApi('api requests_max=40 requests_deadline=1m30s'), 4, GiB)).toEqual({
      max: 40,
      deadlineMs: 90_000,
    });
    expect(requestLimits(withApi('api requests_deadline=0s'), 4, GiB).deadlineMs).toBe(10_000);
    // Past a Node timer's longest wait (about 24.8 days) a timer fires at once: held to it.
    expect(requestLimits(withApi('api requests_deadline=30d'), 4, GiB).deadlineMs).toBe(2 ** 31 - 1);
  });
});
