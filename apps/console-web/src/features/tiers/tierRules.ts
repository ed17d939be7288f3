import { AddTierRequest, type Tier, TierCredentialsRequest, type TierType } from '@stowage/contract';
import {
  type FieldProblem,
  type ObjectRules,
  type StringRules,
  stringProblem,
} from '../../forms/schemaRules.js';

// The Add Tier form's fields and rules come from the contract's AddTierRequest schema (lengths,
// patterns, required keys); spec 002 §5 adds that endpoint, prefix and region must be filled.

/** Spec 002 §2.1: the type choice, in the spec's order. */
export const TIER_CHOICES = ['minio', 'gcs', 's3', 'azure'] as const;
export type TierChoice = (typeof TIER_CHOICES)[number];

/** Spec 002 §2.1: choosing a provider presets the endpoint (MinIO empty). */
export const ENDPOINT_PRESETS: Record<TierChoice, string> = {
  minio: '',
  gcs: 'https://storage.googleapis.com',
  s3: 'https://s3.amazonaws.com',
  azure: 'https://blob.core.windows.net',
};

/** Spec 002 §3: the MinIO choice is sent as s3. */
export const SENT_AS: Record<TierChoice, Exclude<TierType, 'minio'>> = {
  minio: 's3',
  gcs: 'gcs',
  s3: 's3',
  azure: 'azure',
};

export type TierField =
  | 'name'
  | 'endpoint'
  | 'accesskey'
  | 'secretkey'
  | 'accountname'
  | 'accountkey'
  | 'creds'
  | 'bucket'
  | 'prefix'
  | 'region'
  | 'storageclass';

/** The form's order: where, then who, then what. */
const FIELD_ORDER: readonly TierField[] = [
  'name',
  'endpoint',
  'accesskey',
  'secretkey',
  'accountname',
  'accountkey',
  'creds',
  'bucket',
  'prefix',
  'region',
  'storageclass',
];

/** Spec 002 §5 "Tier Save": filled besides what the contract requires. */
const SPEC_REQUIRED: readonly TierField[] = ['endpoint', 'prefix', 'region'];

/** Fields whose value is sent exactly as typed (secrets and the key file). */
const UNTRIMMED: readonly TierField[] = ['secretkey', 'accountkey', 'creds'];

const formSchema = (choice: TierChoice) =>
  AddTierRequest.properties[choice] as ObjectRules & { properties: Record<string, StringRules> };

/** The fields of the chosen provider's form, as its contract schema has them. */
export function tierFields(choice: TierChoice): TierField[] {
  const keys = Object.keys(formSchema(choice).properties);
  return FIELD_ORDER.filter((f) => keys.includes(f));
}

export function isRequired(choice: TierChoice, field: TierField): boolean {
  return (formSchema(choice).required ?? []).includes(field) || SPEC_REQUIRED.includes(field);
}

export type TierValues = Partial<Record<TierField, string>>;

/** Spec 002 §5: the tier name is upper-cased as it is typed; other text loses outer blanks. */
export function normalise(field: TierField, value: string): string {
  if (field === 'name') return value.toUpperCase().trim();
  return UNTRIMMED.includes(field) ? value : value.trim();
}

export function fieldProblem(
  choice: TierChoice,
  field: TierField,
  values: TierValues,
): FieldProblem | undefined {
  const rules: StringRules = formSchema(choice).properties[field] ?? {};
  return stringProblem(rules, normalise(field, values[field] ?? ''), isRequired(choice, field));
}

export function canSaveTier(choice: TierChoice, values: TierValues): boolean {
  return tierFields(choice).every((f) => fieldProblem(choice, f, values) === undefined);
}

/** The AddTier body: the type sent for the choice and its settings under that key; blanks left out. */
export function addTierBody(choice: TierChoice, values: TierValues): AddTierRequest {
  const settings: Record<string, string> = {};
  for (const field of tierFields(choice)) {
    const value = normalise(field, values[field] ?? '');
    if (value !== '') settings[field] = value;
  }
  const type = SENT_AS[choice];
  return { type, [type]: settings } as AddTierRequest;
}

/** A listed tier flattened for the table. */
export interface TierRow {
  type: TierType;
  name: string;
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
  /** The server's figures; blank columns when it reports none. */
  usage: Tier['usage'];
}

export function tierRow(tier: Tier): TierRow {
  const s = tier[tier.type];
  return {
    type: tier.type,
    name: s?.name ?? '',
    endpoint: s?.endpoint ?? '',
    bucket: s?.bucket ?? '',
    prefix: s?.prefix ?? '',
    region: s?.region ?? '',
    usage: tier.usage,
  };
}

/** Spec 002 §3 "Tier credentials update": a key pair (s3, minio, azure) or a key file (gcs). */
export type CredentialField = 'access_key' | 'secret_key' | 'creds';

export const credentialFields = (type: TierType): CredentialField[] =>
  type === 'gcs' ? ['creds'] : ['access_key', 'secret_key'];

const credentialRules = TierCredentialsRequest.properties as Record<CredentialField, StringRules>;

export function credentialProblem(field: CredentialField, value: string): FieldProblem | undefined {
  return stringProblem(credentialRules[field], value, true);
}
