import type { DefaultRetention, ObjectLockValue } from '../../engine/bucket-documents.js';
import { ApiError } from '../../wire/errors.js';
import { xmlReply } from '../../wire/reply.js';
import { textOf, type XmlValue } from '../../wire/xml-parse.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import { KIB, type KindSpec, need, objectOf, storedAs, xmlRoot } from './kind.js';

// The document exists from CreateBucket on for buckets created with object lock; its
// presence is what "object lock enabled" means. A default retention rule is optional.

export type { DefaultRetention, ObjectLockValue };

// MinIO's limits: a retain-until date beyond them would also outrun what a date can hold.
const MAX_DAYS = 36_500;
const MAX_YEARS = 100;

function period(raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (n <= 0)
    throw new ApiError(
      'InvalidRetentionPeriod',
      'Default retention period must be a positive integer value.',
    );
  if (n > max) throw new ApiError('InvalidRetentionPeriod', 'Default retention period too large.');
  return n;
}

function parseRule(raw: XmlValue | undefined): DefaultRetention | undefined {
  if (raw === undefined) return undefined;
  const retention = objectOf(objectOf(raw).DefaultRetention);
  const mode = need(retention, 'Mode');
  if (mode !== 'GOVERNANCE' && mode !== 'COMPLIANCE') throw new ApiError('MalformedXML');
  const days = period(textOf(retention, 'Days'), MAX_DAYS);
  const years = period(textOf(retention, 'Years'), MAX_YEARS);
  if ((days === undefined) === (years === undefined)) throw new ApiError('MalformedXML');
  return { mode, ...(days ? { days } : {}), ...(years ? { years } : {}) };
}

export const objectLock: KindSpec = {
  maxBody: 4 * KIB,
  missing: 'ObjectLockConfigurationNotFoundError',
  async parse(body, ctx) {
    const doc = xmlRoot(body, 'ObjectLockConfiguration');
    if (textOf(doc, 'ObjectLockEnabled') !== 'Enabled') throw new ApiError('MalformedXML');
    const rule = parseRule(doc.Rule);
    // AWS lets a bucket made without object lock take it once every key keeps its versions:
    // versioning Enabled, with no prefixes or folders written unversioned.
    if ((await ctx.configs.get(ctx.bucket, 'object-lock')) === undefined) {
      const versioning = (await ctx.configs.get(ctx.bucket, 'versioning')) as
        | { status?: string; excludedPrefixes?: unknown; excludeFolders?: unknown }
        | undefined;
      if (versioning?.status !== 'Enabled' || versioning.excludedPrefixes || versioning.excludeFolders)
        throw new ApiError(
          'InvalidBucketState',
          "Versioning must be 'Enabled' on the bucket, for every key, to apply a Object Lock configuration",
        );
    }
    const value: ObjectLockValue = { enabled: true, ...(rule ? { rule } : {}) };
    return value;
  },
  render(stored) {
    const { rule } = storedAs<ObjectLockValue>(stored, (v) => v.enabled === true);
    return xmlReply(
      elAttrs(
        'ObjectLockConfiguration',
        { xmlns: S3_NAMESPACE },
        el('ObjectLockEnabled', 'Enabled'),
        rule
          ? el(
              'Rule',
              el(
                'DefaultRetention',
                el('Mode', rule.mode),
                rule.days ? el('Days', rule.days) : null,
                rule.years ? el('Years', rule.years) : null,
              ),
            )
          : null,
      ),
    );
  },
};
