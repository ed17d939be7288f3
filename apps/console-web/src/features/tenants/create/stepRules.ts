import { KMS_FIELDS, kmsKey } from './kmsFields.js';
import type { CertPair, WizardForm } from './wizardState.js';

// Spec 002 §5: each advanced step's checks. A check answers field → problem, where a problem is a
// key of `tenantWizard.problems` (the spec's exact message is the English text there).

export type Problem =
  | 'required'
  | 'tenantName'
  | 'keys'
  | 'extraVolumeSize'
  | 'notNegative'
  | 'nodeSelector'
  | 'registryRequired'
  | 'imageMinio'
  | 'imageLogSearch'
  | 'imageKes'
  | 'imagePostgres'
  | 'imageBusybox'
  | 'imagePrometheus'
  | 'imageGeneric';
export type Problems = Record<string, Problem>;

/** Spec §5: 3 to 63 characters of lowercase letters, digits and '-'. */
const TENANT_NAME = /^[a-z0-9-]{3,63}$/;
const KEY = /^[A-Za-z0-9-]{8,63}$/;
/** repository/name:tag; a registry host may come first (quay.io/minio/minio:RELEASE…). */
const IMAGE = /^[^\s/:]+(?::\d+)?(?:\/[^\s/:]+)+:[^\s/:]+$/;

const blank = (value: string) => value.trim() === '';

export function nameProblems(form: Pick<WizardForm, 'tenantName' | 'namespace'>): Problems {
  const problems: Problems = {};
  if (blank(form.tenantName)) problems.tenantName = 'required';
  else if (!TENANT_NAME.test(form.tenantName)) problems.tenantName = 'tenantName';
  if (blank(form.namespace)) problems.namespace = 'required';
  return problems;
}

export function configureProblems(form: WizardForm): Problems {
  const problems: Problems = {};
  for (const part of ['logSearch', 'prometheus'] as const) {
    if (!form[`${part}Custom`]) continue;
    if (blank(form[`${part}StorageClass`])) problems[`${part}StorageClass`] = 'required';
    const size = Number(form[`${part}VolumeSize`]);
    if (blank(form[`${part}VolumeSize`]) || !(size > 0)) problems[`${part}VolumeSize`] = 'extraVolumeSize';
  }
  return problems;
}

/** Each image field and the example its message names (spec §5 "Custom images"). */
export const IMAGE_FIELDS = [
  ['imageName', 'imageMinio'],
  ['logSearchImage', 'imageLogSearch'],
  ['kesImage', 'imageKes'],
  ['logSearchPostgresImage', 'imagePostgres'],
  ['logSearchPostgresInitImage', 'imageBusybox'],
  ['prometheusImage', 'imagePrometheus'],
  ['prometheusSidecarImage', 'imageGeneric'],
  ['prometheusInitImage', 'imageBusybox'],
] as const satisfies readonly (readonly [keyof WizardForm, Problem])[];

export function imageProblems(form: WizardForm): Problems {
  const problems: Problems = {};
  for (const [field, problem] of IMAGE_FIELDS) {
    const value = form[field].trim();
    if (value !== '' && !IMAGE.test(value)) problems[field] = problem;
  }
  if (form.customDockerhub)
    for (const field of ['imageRegistry', 'imageRegistryUsername', 'imageRegistryPassword'] as const)
      if (blank(form[field])) problems[field] = 'registryRequired';
  return problems;
}

/** Rows whose key and value are both set; the others are not sent. */
export const completeLabels = (form: WizardForm) =>
  form.nodeSelectorLabels.filter((row) => !blank(row.key) && !blank(row.value));

export function placementProblems(form: WizardForm): Problems {
  if (form.podAffinity !== 'nodeSelector') return {};
  return completeLabels(form).length > 0 ? {} : { nodeSelectorLabels: 'nodeSelector' };
}

export function identityProblems(form: WizardForm): Problems {
  const problems: Problems = {};
  const requireAll = (fields: readonly (keyof WizardForm)[]) => {
    for (const field of fields) if (blank(String(form[field]))) problems[field] = 'required';
  };
  if (form.idpSelection === 'Built-in') {
    for (const row of form.keys) {
      if (!KEY.test(row.accessKey))
        problems[`accessKey.${row.id}`] = blank(row.accessKey) ? 'required' : 'keys';
      if (!KEY.test(row.secretKey))
        problems[`secretKey.${row.id}`] = blank(row.secretKey) ? 'required' : 'keys';
    }
  } else if (form.idpSelection === 'OpenID') {
    requireAll(['openIDConfigurationURL', 'openIDClientID', 'openIDSecretID', 'openIDClaimName']);
  } else {
    requireAll(['ADURL']);
    for (const dn of form.ADUserDNs) if (blank(dn.value)) problems[`ADUserDN.${dn.id}`] = 'required';
  }
  return problems;
}

export const completePairs = (pairs: readonly CertPair[]) => pairs.filter((p) => p.cert && p.key);

/** Spec §5: valid when TLS is off, or AutoCert or custom certificates is on. */
export function securityValid(form: WizardForm): boolean {
  return !form.enableTLS || form.enableAutoCert || form.enableCustomCerts;
}

/** Spec §4: encryption needs TLS, and AutoCert or one fully uploaded custom pair. */
export function encryptionAllowed(form: WizardForm): boolean {
  return (
    form.enableTLS &&
    (form.enableAutoCert || (form.enableCustomCerts && completePairs(form.minioCerts).length > 0))
  );
}

/** Spec §4: the KES custom-cert option is forced on and locked when AutoCert is off. */
export const kesCertsForced = (form: WizardForm) => !form.enableAutoCert;

/** Encryption is sent only when switched on and still allowed by the Security page. */
export const encryptionOn = (form: WizardForm) => form.enableEncryption && encryptionAllowed(form);

export function encryptionProblems(form: WizardForm): Problems {
  if (!encryptionOn(form)) return {};
  const problems: Problems = {};
  if (kesCertsForced(form) || form.enableCustomCertsForKES) {
    for (const pair of ['serverCert', 'clientCert'] as const) {
      if (!form[pair].key) problems[`${pair}.key`] = 'required';
      if (!form[pair].cert) problems[`${pair}.cert`] = 'required';
    }
  }
  for (const field of KMS_FIELDS[form.encryptionType]) {
    const key = kmsKey(form.encryptionType, field.name);
    const value = form.kms[key] ?? '';
    if (field.required && blank(value)) problems[key] = 'required';
    else if (field.count && (!/^\d+$/.test(value.trim()) || Number(value) < 0)) problems[key] = 'notNegative';
  }
  return problems;
}

export const noProblems = (problems: Problems) => Object.keys(problems).length === 0;
