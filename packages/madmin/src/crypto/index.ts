export {
  decryptData,
  EncryptionAlgorithm,
  type EncryptOptions,
  encryptData,
  isEncrypted,
} from './envelope.js';
export { MadminCryptoError, type MadminCryptoErrorCode } from './errors.js';
