import { KMS_DEFAULTS } from './kmsFields.js';

// The Create New Tenant wizard's form state and its defaults (spec 002 §3 "Create-tenant form
// state"). Every value is kept as typed (strings for numbers) so a field shows what the user wrote.

export type IdpChoice = 'Built-in' | 'OpenID' | 'AD';
export type PodPlacement = 'none' | 'default' | 'nodeSelector';
export type KmsType = 'vault' | 'aws' | 'gemalto' | 'gcp' | 'azure';
export const KMS_TYPES: readonly KmsType[] = ['vault', 'aws', 'gemalto', 'gcp', 'azure'];

/** Base64 of a chosen PEM file, with the file's name to show. */
export interface PemFile {
  name: string;
  encoded: string;
}
export interface CertPair {
  id: string;
  cert?: PemFile;
  key?: PemFile;
}
export interface LabelRow {
  id: string;
  key: string;
  value: string;
}
export interface KeyRow {
  id: string;
  accessKey: string;
  secretKey: string;
}

export interface WizardForm {
  tenantName: string;
  namespace: string;
  storageClass: string;
  // Size
  nodes: string;
  drivesPerServer: string;
  volumeSize: string;
  sizeFactor: string;
  memoryNode: string;
  ecParity: string;
  // Configure
  exposeMinIO: boolean;
  exposeConsole: boolean;
  logSearchCustom: boolean;
  logSearchStorageClass: string;
  logSearchVolumeSize: string;
  prometheusCustom: boolean;
  prometheusStorageClass: string;
  prometheusVolumeSize: string;
  // Images
  imageName: string;
  logSearchImage: string;
  kesImage: string;
  logSearchPostgresImage: string;
  logSearchPostgresInitImage: string;
  prometheusImage: string;
  prometheusSidecarImage: string;
  prometheusInitImage: string;
  customDockerhub: boolean;
  imageRegistry: string;
  imageRegistryUsername: string;
  imageRegistryPassword: string;
  // Pod placement
  podAffinity: PodPlacement;
  withPodAntiAffinity: boolean;
  nodeSelectorLabels: LabelRow[];
  // Identity provider
  idpSelection: IdpChoice;
  keys: KeyRow[];
  openIDConfigurationURL: string;
  openIDClientID: string;
  openIDSecretID: string;
  openIDCallbackURL: string;
  openIDClaimName: string;
  openIDScopes: string;
  ADURL: string;
  ADSkipTLS: boolean;
  ADServerInsecure: boolean;
  ADServerStartTLS: boolean;
  ADUserNameFormat: string;
  ADUserNameSearchFilter: string;
  ADGroupSearchBaseDN: string;
  ADGroupSearchFilter: string;
  ADGroupNameAttribute: string;
  ADUserDNs: { id: string; value: string }[];
  ADLookupBindDN: string;
  ADLookupBindPassword: string;
  ADUserDNSearchBaseDN: string;
  ADUserDNSearchFilter: string;
  // Security
  enableTLS: boolean;
  enableAutoCert: boolean;
  enableCustomCerts: boolean;
  minioCerts: CertPair[];
  caCerts: CertPair[];
  // Encryption
  enableEncryption: boolean;
  encryptionType: KmsType;
  enableCustomCertsForKES: boolean;
  serverCert: CertPair;
  clientCert: CertPair;
  vaultCert: CertPair;
  vaultCA?: PemFile;
  gemaltoCA?: PemFile;
  kms: Record<string, string>;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec §9: the random id helper, 16 alphanumeric characters by default (crypto-random). */
export function randomId(length = 16): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

/** Spec §3: one random built-in pair, access 16 and secret 32 characters. */
export const randomKeyRow = (): KeyRow => ({
  id: randomId(),
  accessKey: randomId(16),
  secretKey: randomId(32),
});
export const emptyPair = (): CertPair => ({ id: randomId() });

export function initialForm(): WizardForm {
  return {
    tenantName: '',
    namespace: '',
    storageClass: '',
    nodes: '4',
    drivesPerServer: '1',
    volumeSize: '100',
    sizeFactor: 'Gi',
    memoryNode: '2',
    ecParity: '',
    exposeMinIO: true,
    exposeConsole: true,
    logSearchCustom: false,
    logSearchStorageClass: '',
    logSearchVolumeSize: '5',
    prometheusCustom: false,
    prometheusStorageClass: '',
    prometheusVolumeSize: '5',
    imageName: '',
    logSearchImage: '',
    kesImage: '',
    logSearchPostgresImage: '',
    logSearchPostgresInitImage: '',
    prometheusImage: '',
    prometheusSidecarImage: '',
    prometheusInitImage: '',
    customDockerhub: false,
    imageRegistry: '',
    imageRegistryUsername: '',
    imageRegistryPassword: '',
    podAffinity: 'default',
    withPodAntiAffinity: true,
    nodeSelectorLabels: [{ id: randomId(), key: '', value: '' }],
    idpSelection: 'Built-in',
    keys: [randomKeyRow()],
    openIDConfigurationURL: '',
    openIDClientID: '',
    openIDSecretID: '',
    openIDCallbackURL: '',
    openIDClaimName: '',
    openIDScopes: '',
    ADURL: '',
    ADSkipTLS: false,
    ADServerInsecure: false,
    ADServerStartTLS: false,
    ADUserNameFormat: '',
    ADUserNameSearchFilter: '',
    ADGroupSearchBaseDN: '',
    ADGroupSearchFilter: '',
    ADGroupNameAttribute: '',
    ADUserDNs: [{ id: randomId(), value: '' }],
    ADLookupBindDN: '',
    ADLookupBindPassword: '',
    ADUserDNSearchBaseDN: '',
    ADUserDNSearchFilter: '',
    enableTLS: true,
    enableAutoCert: true,
    enableCustomCerts: false,
    minioCerts: [emptyPair()],
    caCerts: [emptyPair()],
    enableEncryption: false,
    encryptionType: 'vault',
    enableCustomCertsForKES: false,
    serverCert: emptyPair(),
    clientCert: emptyPair(),
    vaultCert: emptyPair(),
    kms: { ...KMS_DEFAULTS },
  };
}

/** Spec §4: a removal is ignored when only one entry remains. */
export function removeRow<T extends { id: string }>(rows: readonly T[], id: string): T[] {
  return rows.length > 1 ? rows.filter((r) => r.id !== id) : [...rows];
}
