import type { TierConfig } from '@stowage/madmin';
import { ROOT, type TestStore } from '@stowage/test-support/store/harness';

/** A MinIO-type tier on another test store: its bucket `archive`, under `tier/`, root's keys. */
export const minioTierOn = (
  cold: TestStore,
  name: string,
  fields: Record<string, unknown> = {},
): TierConfig => ({
  Version: 'v1',
  Type: 'minio',
  Name: name,
  MinIO: {
    Endpoint: cold.store.url,
    AccessKey: ROOT.accessKey,
    SecretKey: ROOT.secretKey,
    Bucket: 'archive',
    Prefix: 'tier/',
    ...fields,
  },
});
