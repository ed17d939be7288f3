import { describe, expect, it } from 'vitest';
import { type OpTrace, OpTracer } from './op-trace.js';

function listening(kind: OpTrace['kind']) {
  const tracer = new OpTracer(kind);
  const seen: OpTrace[] = [];
  tracer.bus.subscribe((t) => seen.push(t));
  return { tracer, seen };
}

describe('OpTracer', () => {
  it('runs the call untimed and reports nothing while nobody listens', () => {
    const tracer = new OpTracer('storage');
    let pathAsked = false;
    const path = () => {
      pathAsked = true;
      return 'p';
    };
    expect(tracer.begin('ReadVersion', path)).toBeUndefined();
    expect(tracer.call('ReadVersion', path, () => 42)).toBe(42);
    expect(pathAsked).toBe(false);
  });

  it('reports a synchronous call under <kind>.<name> with its path and duration', () => {
    const { tracer, seen } = listening('storage');
    expect(
      tracer.call(
        'ReadVersion',
        () => '/d1 bucket key',
        () => 'value',
      ),
    ).toBe('value');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ kind: 'storage', func: 'storage.ReadVersion', path: '/d1 bucket key' });
    expect(seen[0]!.durationNs).toBeGreaterThanOrEqual(0);
    expect(seen[0]!.error).toBeUndefined();
  });

  it('reports an asynchronous call when it settles, with the error it failed with', async () => {
    const { tracer, seen } = listening('os');
    await expect(
      tracer.call(
        'Rename',
        () => '/a -> /b',
        () => Promise.reject(new Error('ENOENT: no such file')),
      ),
    ).rejects.toThrow('ENOENT');
    expect(seen).toEqual([expect.objectContaining({ func: 'os.Rename', error: 'ENOENT: no such file' })]);
    await expect(
      tracer.call(
        'Stat',
        () => '/a',
        async () => 'ok',
      ),
    ).resolves.toBe('ok');
    expect(seen[1]).toMatchObject({ func: 'os.Stat', path: '/a' });
    expect(seen[1]).not.toHaveProperty('error');
  });

  it('reports a call that throws synchronously, and rethrows', () => {
    const { tracer, seen } = listening('storage');
    expect(() =>
      tracer.call(
        'ReadVersion',
        () => 'p',
        () => {
          throw new Error('corrupt');
        },
      ),
    ).toThrow('corrupt');
    expect(seen[0]?.error).toBe('corrupt');
  });
});
