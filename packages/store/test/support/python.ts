import type { TestStore } from '@stowage/test-support/store/harness';
import { ROOT } from '@stowage/test-support/store/harness';

/** The environment Debian's python3 runs boto3 scripts in: the store's address and root keys, nothing of the host's. */
export function boto3Env(t: TestStore, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: '/usr/bin:/bin',
    HOME: t.dir,
    ENDPOINT: t.store.url,
    KEY: ROOT.accessKey,
    SECRET: ROOT.secretKey,
    ...extra,
    // No metadata-service lookups, no user configuration.
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
  };
}
