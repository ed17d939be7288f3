import type { BucketTarget } from '@stowage/madmin';
import { ROOT, type TestStore } from '@stowage/test-support/store/harness';

/** A replication target on `remote` for `source`, as the console adds one (root's keys). */
export const remoteTarget = (
  remote: TestStore,
  source: string,
  targetbucket: string,
  overrides: Partial<BucketTarget> = {},
): BucketTarget => ({
  sourcebucket: source,
  endpoint: new URL(remote.store.url).host,
  credentials: { accessKey: ROOT.accessKey, secretKey: ROOT.secretKey, expiration: '0001-01-01T00:00:00Z' },
  targetbucket,
  secure: false,
  type: 'replication',
  replicationSync: false,
  disableProxy: false,
  resetBeforeDate: '0001-01-01T00:00:00Z',
  ...overrides,
});
