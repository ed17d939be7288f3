import { xmlReply } from '../../http/reply.js';
import { ApiError } from '../errors.js';
import { textOf } from '../xml/parse.js';
import { el, elAttrs, S3_NAMESPACE } from '../xml/writer.js';
import { KIB, type KindSpec, storedAs, xmlRoot } from './kind.js';

export type VersioningStatus = 'Enabled' | 'Suspended';

const render = (status?: VersioningStatus) =>
  xmlReply(elAttrs('VersioningConfiguration', { xmlns: S3_NAMESPACE }, status ? el('Status', status) : null));

// Stored only: the engine keeps one version per key until its versioning lands.
export const versioning: KindSpec = {
  maxBody: 4 * KIB,
  missing: () => render(),
  async parse(body, ctx) {
    const doc = xmlRoot(body, 'VersioningConfiguration');
    const status = textOf(doc, 'Status');
    if (status !== 'Enabled' && status !== 'Suspended')
      throw new ApiError('IllegalVersioningConfigurationException');
    const mfa = textOf(doc, 'MfaDelete');
    if (mfa !== undefined && mfa !== 'Disabled') {
      throw new ApiError('NotImplemented', 'MFA delete is not supported');
    }
    if (status === 'Suspended' && (await ctx.configs.get(ctx.bucket, 'object-lock')) !== undefined) {
      throw new ApiError(
        'InvalidBucketState',
        'An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.',
      );
    }
    // Replication copies versions: it needs them on (MinIO's answer and message).
    if (status === 'Suspended' && (await ctx.configs.get(ctx.bucket, 'replication')) !== undefined) {
      throw new ApiError(
        'InvalidBucketState',
        'A replication configuration is present on this bucket, bucket wide versioning cannot be suspended.',
      );
    }
    return { status };
  },
  render: (stored) =>
    render(
      storedAs<{ status: VersioningStatus }>(
        stored,
        (v) => v.status === 'Enabled' || v.status === 'Suspended',
      ).status,
    ),
};
