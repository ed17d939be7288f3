import { xmlReply } from '../../http/reply.js';
import { ApiError } from '../errors.js';
import { textOf } from '../xml/parse.js';
import { el, elAttrs, S3_NAMESPACE } from '../xml/writer.js';
import { KIB, type KindSpec, listOf, need, objectOf, storedAs, xmlRoot } from './kind.js';

// Default bucket encryption: SSE-S3 only until a KMS is configured.
export const encryption: KindSpec = {
  maxBody: 4 * KIB,
  missing: 'ServerSideEncryptionConfigurationNotFoundError',
  parse(body) {
    const doc = xmlRoot(body, 'ServerSideEncryptionConfiguration');
    const rules = listOf(doc.Rule);
    if (rules.length !== 1) throw new ApiError('MalformedXML');
    const rule = objectOf(rules[0]);
    const apply = objectOf(rule.ApplyServerSideEncryptionByDefault);
    const algorithm = need(apply, 'SSEAlgorithm');
    if (algorithm === 'aws:kms' || algorithm === 'aws:kms:dsse') {
      throw new ApiError(
        'NotImplemented',
        'Server side encryption with KMS is not configured on this server',
      );
    }
    if (algorithm !== 'AES256') throw new ApiError('MalformedXML');
    if (textOf(apply, 'KMSMasterKeyID') !== undefined)
      throw new ApiError('InvalidArgument', 'KMSMasterKeyID is only valid with aws:kms');
    // S3 Bucket Keys only change KMS costs: kept and shown as sent, nothing else here.
    const bucketKey = textOf(rule, 'BucketKeyEnabled');
    if (bucketKey === undefined) return { algorithm };
    if (bucketKey !== 'true' && bucketKey !== 'false') throw new ApiError('MalformedXML');
    return { algorithm, bucketKeyEnabled: bucketKey === 'true' };
  },
  render(stored) {
    const { algorithm, bucketKeyEnabled } = storedAs<{ algorithm: string; bucketKeyEnabled?: boolean }>(
      stored,
      (v) => v.algorithm === 'AES256',
    );
    return xmlReply(
      elAttrs(
        'ServerSideEncryptionConfiguration',
        { xmlns: S3_NAMESPACE },
        el(
          'Rule',
          el('ApplyServerSideEncryptionByDefault', el('SSEAlgorithm', algorithm)),
          bucketKeyEnabled === undefined ? null : el('BucketKeyEnabled', String(bucketKeyEnabled)),
        ),
      ),
    );
  },
};
