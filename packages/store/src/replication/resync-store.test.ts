import { describe, expect, it } from 'vitest';
import { bucketEachTest } from '../engine/test-support/engine.js';
import type { ResyncState } from './resync.js';
import { ResyncStore } from './resync-store.js';

// Resyncs kept in the real system namespace: what a restart reads back.

const t = bucketEachTest('src');

const state = (arn: string, extra: Partial<ResyncState> = {}): ResyncState => ({
  arn,
  resetId: `reset-${arn}`,
  startTime: new Date('2026-01-02T03:04:05Z'),
  before: new Date('2026-01-02T00:00:00Z'),
  walked: false,
  queued: 7,
  replicatedCount: 3,
  replicatedSize: 300,
  failedCount: 1,
  failedSize: 10,
  bucket: 'src',
  object: 'k/0003',
  resumeAt: { key: 'k/0004', versionId: 'v4' },
  ...extra,
});

describe('ResyncStore', () => {
  it('reads back every target of every bucket as it was last saved, dates as dates', async () => {
    const store = new ResyncStore(t.layer.system);
    const done = state('arn2', { walked: true, endTime: new Date('2026-01-02T04:00:00Z') });
    void store.save('src', [state('arn1')]);
    await store.save('src', [state('arn1', { replicatedCount: 5 }), done]);
    await store.save('other', [state('arn3', { bucket: 'other' })]);
    const all = await new ResyncStore(t.layer.system).all();
    expect(all.sort((a, b) => a.arn.localeCompare(b.arn))).toEqual([
      state('arn1', { replicatedCount: 5 }),
      done,
      state('arn3', { bucket: 'other' }),
    ]);
  });

  it('skips a document of another format and entries it cannot read', async () => {
    await t.layer.system.write('replication/resync/src.json', { format: 2, targets: [] });
    await t.layer.system.write('replication/resync/b2.json', {
      format: 1,
      targets: [{ arn: 'a', resetId: 'r', startTime: 'yesterday', before: 'x' }],
    });
    expect(await new ResyncStore(t.layer.system).all()).toEqual([]);
  });
});
