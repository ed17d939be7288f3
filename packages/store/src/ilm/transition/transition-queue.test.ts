import { describe, expect, it } from 'vitest';
import { TransitionQueue, type TransitionTask, transitionWorkers } from './transition-queue.js';

const task = (key: string): TransitionTask => ({ bucket: 'b', key, versionId: 'null', tier: 'COLD' });

/** A run function whose tasks end only when the test says so. */
function held() {
  const started: string[] = [];
  const release = new Map<string, (err?: Error) => void>();
  const run = (t: TransitionTask) =>
    new Promise<void>((resolve, reject) => {
      started.push(t.key);
      release.set(t.key, (err) => (err ? reject(err) : resolve()));
    });
  const flush = () => new Promise((r) => setImmediate(r));
  return { started, release, run, flush };
}

describe('TransitionQueue', () => {
  it('runs at most `workers` tasks at once, the rest wait in order', async () => {
    const h = held();
    const q = new TransitionQueue(h.run);
    q.setWorkers(2);
    for (const k of ['a', 'b', 'c', 'd']) expect(q.enqueue(task(k))).toBe('queued');
    expect(h.started).toEqual(['a', 'b']);
    expect([q.pending, q.active]).toEqual([2, 2]);
    h.release.get('a')!();
    await h.flush();
    expect(h.started).toEqual(['a', 'b', 'c']);
    // A failed task frees its worker too.
    h.release.get('b')!(new Error('tier down'));
    h.release.get('c')!();
    await h.flush();
    h.release.get('d')!();
    await q.idle();
    expect([q.pending, q.active, q.missed]).toEqual([0, 0, 0]);
  });

  it('queues a version once while it waits or runs, and again once it is done', async () => {
    const h = held();
    const q = new TransitionQueue(h.run);
    q.setWorkers(1);
    expect(q.enqueue(task('a'))).toBe('queued');
    expect(q.enqueue(task('b'))).toBe('queued');
    expect(q.enqueue(task('a'))).toBe('duplicate');
    expect(q.enqueue(task('b'))).toBe('duplicate');
    expect(q.enqueue({ ...task('a'), versionId: 'v2' })).toBe('queued');
    h.release.get('a')!();
    await h.flush();
    expect(q.enqueue(task('a'))).toBe('queued');
  });

  it('drops tasks while full and counts them missed (the next cycle finds them again)', () => {
    const h = held();
    const q = new TransitionQueue(h.run, 2);
    q.setWorkers(1);
    expect(['a', 'b', 'c', 'd'].map((k) => q.enqueue(task(k)))).toEqual([
      'queued',
      'queued',
      'queued',
      'missed',
    ]);
    expect([q.active, q.pending, q.missed]).toEqual([1, 2, 1]);
    const names = Object.fromEntries(q.metrics().map((m) => [m.name, m.value]));
    expect(names).toEqual({
      minio_node_ilm_transition_pending_tasks: 2,
      minio_node_ilm_transition_active_tasks: 1,
      minio_node_ilm_transition_missed_immediate_tasks: 1,
    });
  });

  it('more workers start waiting tasks at once; stop drops what waits, takes nothing new', async () => {
    const h = held();
    const q = new TransitionQueue(h.run);
    q.setWorkers(1);
    for (const k of ['a', 'b', 'c']) q.enqueue(task(k));
    q.setWorkers(2);
    expect(h.started).toEqual(['a', 'b']);
    q.stop();
    expect([q.pending, q.active]).toEqual([0, 2]);
    expect(q.enqueue(task('d'))).toBe('missed');
    h.release.get('a')!();
    h.release.get('b')!();
    await q.idle();
    expect(h.started).toEqual(['a', 'b']);
  });

  it('reads api transition_workers, MinIO default 100 for 0 or nonsense', () => {
    expect(transitionWorkers({})).toBe(100);
    expect(transitionWorkers({ api: { _: { transition_workers: '4' } } })).toBe(4);
    expect(transitionWorkers({ api: { _: { transition_workers: '0' } } })).toBe(100);
    expect(transitionWorkers({ api: { _: { transition_workers: 'x' } } })).toBe(100);
  });
});
