import { describe, expect, it } from 'vitest';
import { DEFAULT_REMOTE, isDestinationBucket, remoteComplete } from './replicationForm.js';

const remote = {
  ...DEFAULT_REMOTE,
  targetURL: 'replica.example:9000',
  accessKey: 'replicator',
  secretKey: 'secret-key',
};

describe("the replication form follows MultiBucketReplicationRequest's schema", () => {
  it('needs keys and a target the contract accepts', () => {
    expect(remoteComplete(remote)).toBe(true);
    expect(remoteComplete({ ...remote, accessKey: 'ab' })).toBe(false); // minLength 3
    expect(remoteComplete({ ...remote, secretKey: 'short' })).toBe(false); // minLength 8
    expect(remoteComplete({ ...remote, targetURL: 'replica.example/some/path' })).toBe(false); // pattern
    expect(remoteComplete({ ...remote, targetURL: 'https://replica.example' })).toBe(true);
  });

  it('takes a destination bucket only as a valid bucket name', () => {
    expect(isDestinationBucket(' backup-1 ')).toBe(true);
    expect(isDestinationBucket('ab')).toBe(false);
    expect(isDestinationBucket('Backup')).toBe(false);
    expect(isDestinationBucket('x'.repeat(64))).toBe(false);
  });
});
