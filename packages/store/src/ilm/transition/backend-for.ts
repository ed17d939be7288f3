import type { OutboundPolicy } from '../../net/outbound.js';
import type { TierConfig } from '../../tiers/tiers.js';
import { AzureBackend } from './azure-backend.js';
import { GcsBackend } from './gcs-backend.js';
import { S3Backend } from './s3-backend.js';
import { tierFields, type WarmBackend } from './warm-backend.js';

/** The client of a configured tier, by its type. */
export function warmBackend(tier: TierConfig, outbound: OutboundPolicy): WarmBackend {
  switch (tier.Type) {
    case 's3':
    case 'minio':
      return new S3Backend(tier.Name, tierFields(tier), outbound);
    case 'azure':
      return new AzureBackend(tier.Name, tierFields(tier), outbound);
    case 'gcs':
      return new GcsBackend(tier.Name, tierFields(tier), outbound);
  }
}
