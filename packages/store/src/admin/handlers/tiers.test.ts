import { describe, expect, it } from 'vitest';
import type { ObjectLayer } from '../../engine/object-layer.js';
import { bucketEachTest, put } from '../../engine/test-support/engine.js';
import { TierUsage } from '../../ilm/transition/tier-stats.js';
import { OutboundPolicy } from '../../net/outbound.js';
import { silentLogger } from '../../observe/logger.js';
import { TierStore } from '../../tiers/tiers.js';
import type { AdminCall } from '../call.js';
import { tierStatsReply } from './tiers.js';

// GET /tier-stats answers from what the scanner last counted: however many versions the
// store holds, a request lists none of them.

const t = bucketEachTest();

describe('tier-stats', () => {
  it('answers from the published figures without listing a single version', async () => {
    for (let i = 0; i < 30; i++) await t.layer.putObject(put('bkt', `k${i}`, 'twelve bytes'));
    await new TierStore(t.layer.system).save([
      { Version: 'v1', Type: 'minio', Name: 'COLD', MinIO: { Bucket: 'archive' } },
    ]);
    const usage = new TierUsage(t.layer.system, silentLogger);
    usage.transitioned('COLD', { ...(await t.layer.getObjectInfo('bkt', 'k0', {})), isLatest: true });
    let listings = 0;
    const counted = new Proxy(t.layer as ObjectLayer, {
      get(target, name, receiver) {
        if (name === 'listObjectVersions') listings++;
        const value = Reflect.get(target, name, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const call = { require: () => {} } as unknown as AdminCall;
    const reply = await tierStatsReply(call, {
      layer: counted,
      system: t.layer.system,
      outbound: OutboundPolicy.OPEN,
      tierStats: () => usage.stats(),
    });
    expect(listings).toBe(0);
    const body = reply.body as { value: { Name: string; Stats: unknown }[] };
    expect(body.value.map((e) => [e.Name, e.Stats])).toEqual([
      ['STANDARD', { totalSize: 29 * 12, numVersions: 29, numObjects: 29 }],
      ['COLD', { totalSize: 12, numVersions: 1, numObjects: 1 }],
    ]);
  });
});
