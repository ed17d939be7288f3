import type { VersioningStatus, VersioningValue } from '../../engine/bucket-documents.js';
import { ApiError } from '../../wire/errors.js';
import { xmlReply } from '../../wire/reply.js';
import { textOf } from '../../wire/xml-parse.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import { KIB, type KindSpec, listOf, objectOf, storedAs, xmlRoot } from './kind.js';

export type { VersioningStatus, VersioningValue };

const MAX_EXCLUDED_PREFIXES = 10;

const render = (v?: VersioningValue) =>
  xmlReply(
    elAttrs(
      'VersioningConfiguration',
      { xmlns: S3_NAMESPACE },
      v ? el('Status', v.status) : null,
      (v?.excludedPrefixes ?? []).map((p) => el('ExcludedPrefixes', el('Prefix', p))),
      v?.excludeFolders ? el('ExcludeFolders', 'true') : null,
    ),
  );

/** MinIO's excluded prefixes and folders: at most 10, only while versioning is enabled. */
function exclusions(doc: Record<string, unknown>, status: VersioningStatus): Omit<VersioningValue, 'status'> {
  const prefixes = listOf(doc.ExcludedPrefixes as never).map((p) => textOf(objectOf(p), 'Prefix') ?? '');
  const folders = textOf(doc as never, 'ExcludeFolders');
  if (folders !== undefined && !['true', 'false', '1', '0'].includes(folders))
    throw new ApiError('MalformedXML');
  if (prefixes.length > 0 && status !== 'Enabled')
    throw new ApiError(
      'IllegalVersioningConfigurationException',
      'excluded prefixes extension supported only when versioning is enabled',
    );
  if (prefixes.length > MAX_EXCLUDED_PREFIXES)
    throw new ApiError('IllegalVersioningConfigurationException', 'too many excluded prefixes');
  if (prefixes.some((p) => p === ''))
    throw new ApiError('IllegalVersioningConfigurationException', 'an excluded prefix cannot be empty');
  const out: Omit<VersioningValue, 'status'> = {};
  if (prefixes.length > 0) out.excludedPrefixes = prefixes;
  if (folders === 'true' || folders === '1') out.excludeFolders = true;
  return out;
}

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
    const excluded = exclusions(doc, status);
    // Excluded keys are written unversioned: under object lock that would let a PUT or a
    // DELETE replace a locked version (MinIO refuses it alike).
    const unversionedKeys = status === 'Suspended' || excluded.excludedPrefixes || excluded.excludeFolders;
    if (unversionedKeys && (await ctx.configs.get(ctx.bucket, 'object-lock')) !== undefined) {
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
    return { status, ...excluded } satisfies VersioningValue;
  },
  render: (stored) =>
    render(storedAs<VersioningValue>(stored, (v) => v.status === 'Enabled' || v.status === 'Suspended')),
};
