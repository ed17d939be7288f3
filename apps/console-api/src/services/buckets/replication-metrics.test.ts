import { describe, expect, it } from 'vitest';
import { fromReplicationStats } from './replication.js';

describe('fromReplicationStats', () => {
  it('maps MinIO BucketReplicationStats per target, sorted by ARN, with replicas received', () => {
    expect(
      fromReplicationStats({
        Stats: {
          'arn:minio:replication::b:two': { replicationCount: 3, completedReplicationSize: 30 },
          'arn:minio:replication::a:one': {
            pendingReplicationCount: 2,
            pendingReplicationSize: 20,
            failedReplicationCount: 1,
            failedReplicationSize: 10,
            replicationCount: 5,
            completedReplicationSize: 50,
            limitInBits: 8_000_000,
          },
        },
        replicaCount: 4,
        replicaSize: 40,
      }),
    ).toEqual({
      targets: [
        {
          arn: 'arn:minio:replication::a:one',
          pendingCount: 2,
          pendingSize: 20,
          failedCount: 1,
          failedSize: 10,
          completedCount: 5,
          completedSize: 50,
          bandwidthLimit: 8_000_000,
        },
        {
          arn: 'arn:minio:replication::b:two',
          pendingCount: 0,
          pendingSize: 0,
          failedCount: 0,
          failedSize: 0,
          completedCount: 3,
          completedSize: 30,
          bandwidthLimit: 0,
        },
      ],
      replicaCount: 4,
      replicaSize: 40,
    });
  });

  it('reads a missing or null Stats as no targets, and odd figures as 0', () => {
    expect(fromReplicationStats({ Stats: null })).toEqual({ targets: [], replicaCount: 0, replicaSize: 0 });
    const odd = fromReplicationStats({
      Stats: { arn: { pendingReplicationCount: -1, failedReplicationSize: 'x' as unknown as number } },
    });
    expect(odd.targets[0]).toMatchObject({ pendingCount: 0, failedSize: 0 });
  });
});
