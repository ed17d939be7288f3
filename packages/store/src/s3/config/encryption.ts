import { kmsKeyNamed, SSE_KMS_ALGORITHM, SseHeaderError } from '../../crypto/index.js';
import { ApiError } from '../../wire/errors.js';
import { xmlReply } from '../../wire/reply.js';
import { textOf } from '../../wire/xml-parse.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import { KIB, type KindSpec, listOf, need, objectOf, storedAs, xmlRoot } from './kind.js';

// Default bucket encryption: SSE-S3, or SSE-KMS with the configured KMS's key.

/** What is stored: the algorithm, and for aws:kms the key's name and the id as it was sent. */
interface StoredEncryption {
  algorithm: 'AES256' | 'aws:kms';
  kmsKeyId?: string;
  /** KMSMasterKeyID as sent (name or ARN), read back as it came, as MinIO keeps the document. */
  kmsMasterKeyId?: string;
  bucketKeyEnabled?: boolean;
}
export const encryption: KindSpec = {
  maxBody: 4 * KIB,
  missing: 'ServerSideEncryptionConfigurationNotFoundError',
  parse(body, ctx) {
    const doc = xmlRoot(body, 'ServerSideEncryptionConfiguration');
    const rules = listOf(doc.Rule);
    if (rules.length !== 1) throw new ApiError('MalformedXML');
    const rule = objectOf(rules[0]);
    const apply = objectOf(rule.ApplyServerSideEncryptionByDefault);
    const algorithm = need(apply, 'SSEAlgorithm');
    const keyNamed = textOf(apply, 'KMSMasterKeyID');
    let stored: StoredEncryption;
    if (algorithm === SSE_KMS_ALGORITHM || algorithm === 'aws:kms:dsse') {
      if (ctx.kmsKeyId === undefined) {
        throw new ApiError(
          'NotImplemented',
          'Server side encryption with KMS is not configured on this server',
        );
      }
      if (algorithm !== SSE_KMS_ALGORITHM) throw new ApiError('MalformedXML');
      stored = {
        algorithm,
        kmsKeyId: kmsKey(keyNamed, ctx.kmsKeyId),
        ...(keyNamed?.trim() ? { kmsMasterKeyId: keyNamed.trim() } : {}),
      };
    } else {
      if (algorithm !== 'AES256') throw new ApiError('MalformedXML');
      if (keyNamed !== undefined)
        throw new ApiError('InvalidArgument', 'KMSMasterKeyID is only valid with aws:kms');
      stored = { algorithm };
    }
    // S3 Bucket Keys only change KMS costs: kept and shown as sent, nothing else here.
    const bucketKey = textOf(rule, 'BucketKeyEnabled');
    if (bucketKey === undefined) return stored;
    if (bucketKey !== 'true' && bucketKey !== 'false') throw new ApiError('MalformedXML');
    return { ...stored, bucketKeyEnabled: bucketKey === 'true' };
  },
  render(stored) {
    const { algorithm, kmsMasterKeyId, bucketKeyEnabled } = storedAs<StoredEncryption>(
      stored,
      (v) =>
        v.algorithm === 'AES256' || (v.algorithm === SSE_KMS_ALGORITHM && typeof v.kmsKeyId === 'string'),
    );
    return xmlReply(
      elAttrs(
        'ServerSideEncryptionConfiguration',
        { xmlns: S3_NAMESPACE },
        el(
          'Rule',
          el(
            'ApplyServerSideEncryptionByDefault',
            el('SSEAlgorithm', algorithm),
            kmsMasterKeyId === undefined ? null : el('KMSMasterKeyID', kmsMasterKeyId),
          ),
          bucketKeyEnabled === undefined ? null : el('BucketKeyEnabled', String(bucketKeyEnabled)),
        ),
      ),
    );
  },
};

/** The KMS key a configuration names; one the KMS does not have is refused as MinIO refuses it. */
function kmsKey(named: string | undefined, kmsKeyId: string): string {
  try {
    return kmsKeyNamed(named, kmsKeyId);
  } catch (err) {
    if (err instanceof SseHeaderError) throw new ApiError('KMS.NotFoundException', err.message);
    throw err;
  }
}
