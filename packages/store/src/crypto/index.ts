// Server-side encryption (SSE-S3 and SSE-C): master key, per-object key sealing, the
// encrypted package stream, and request header parsing.
export { CryptoError, type CryptoErrorCode } from './crypto-error.js';
export {
  decodeMasterKey,
  MASTER_KEY_BYTES,
  MasterKey,
  type MasterKeyRecord,
  newMasterKeyRecord,
} from './master-key.js';
export {
  type CiphertextRange,
  ciphertextRange,
  type DecryptOptions,
  decryptStream,
  encryptedSize,
  encryptStream,
  fullCiphertextRange,
  PACKAGE_SIZE,
  packageCount,
  plainSize,
} from './package-stream.js';
export {
  decodeSealedKey,
  generateObjectKey,
  type KeyEncryptionKey,
  OBJECT_KEY_BYTES,
  partKey,
  type SealContext,
  type SealedKey,
  type SseScheme,
  sealObjectKey,
  unsealObjectKey,
} from './sealing.js';
export {
  checkReadMatchesObject,
  KMS_ARN_PREFIX,
  kmsKeyNamed,
  parseCopySourceSseHeaders,
  parseSseHeaders,
  parseSsePartHeaders,
  parseSseReadHeaders,
  type RequestHeaders,
  SSE_ALGORITHM,
  SSE_ERRORS,
  SSE_KMS_ALGORITHM,
  type SseCustomerKey,
  type SseErrorCode,
  type SseErrorName,
  SseHeaderError,
  type SseKms,
  type SseNone,
  type SseParseOptions,
  type SseRequest,
  sseResponseHeaders,
} from './sse-headers.js';
