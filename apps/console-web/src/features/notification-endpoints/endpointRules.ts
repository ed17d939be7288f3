import {
  AddNotificationEndpointRequest,
  NotificationAccountId,
  type NotificationService,
} from '@stowage/contract';
import { stringProblem, stringRules } from '../../forms/schemaRules.js';
import { CONNECTION_KEY, type ServiceField, serviceFields } from './serviceFields.js';

// The form's rules: the identifier's from the contract's schema, spec 002 §5 for numbers.

export type EndpointProblem =
  | { kind: 'required' }
  | { kind: 'accountId' }
  | { kind: 'tooLong'; max: number }
  | { kind: 'notNumber'; field: string };

const idRules = stringRules(NotificationAccountId);
/** Every setting's value has the same rules (the record's one pattern property). */
const valueRules = stringRules(
  Object.values(
    (AddNotificationEndpointRequest.properties.properties as { patternProperties: Record<string, unknown> })
      .patternProperties,
  )[0],
);

export function accountIdProblem(value: string): EndpointProblem | undefined {
  const problem = stringProblem(idRules, value, true);
  if (problem === undefined || problem.kind === 'required' || problem.kind === 'tooLong') return problem;
  // Too short can only mean empty (minLength 1); a bad character gets the identifier's own message.
  return problem.kind === 'tooShort' ? { kind: 'required' } : { kind: 'accountId' };
}

const isNumber = (value: string) => /^\d+$/.test(value);

export function fieldProblem(field: ServiceField, value: string): EndpointProblem | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return field.required ? { kind: 'required' } : undefined;
  if (valueRules.maxLength !== undefined && value.length > valueRules.maxLength)
    return { kind: 'tooLong', max: valueRules.maxLength };
  // Spec 002 §5: "queue limit must be a number" (the key with spaces).
  if (field.kind === 'number' && !isNumber(trimmed))
    return { kind: 'notNumber', field: field.key.replaceAll('_', ' ') };
  return undefined;
}

export interface EndpointForm {
  accountId: string;
  manual: boolean;
  values: Readonly<Record<string, string>>;
}

export function canSaveEndpoint(service: NotificationService, form: EndpointForm): boolean {
  return (
    accountIdProblem(form.accountId) === undefined &&
    serviceFields(service, form.manual).every((f) => fieldProblem(f, form.values[f.key] ?? '') === undefined)
  );
}

/** Postgres's key=value connection string, blanks left out (spec 002 §3 manual mode). */
function postgresConnection(v: Readonly<Record<string, string>>): string {
  return ['host', 'dbname', 'user', 'password', 'port', 'sslmode']
    .filter((k) => (v[k] ?? '').trim() !== '')
    .map((k) => `${k}=${k === 'password' ? v[k] : v[k]?.trim()}`)
    .join(' ');
}

/** Mysql's data source name: user:password@tcp(host:port)/dbname. */
function mysqlDsn(v: Readonly<Record<string, string>>): string {
  const password = v.password ? `:${v.password}` : '';
  const port = v.port?.trim() ? `:${v.port.trim()}` : '';
  return `${v.user?.trim() ?? ''}${password}@tcp(${v.host?.trim() ?? ''}${port})/${v.dbname?.trim() ?? ''}`;
}

/** The POST body: the shown fields' values (secrets as typed, others trimmed), blanks left out. */
export function endpointBody(
  service: NotificationService,
  form: EndpointForm,
): AddNotificationEndpointRequest {
  const properties: Record<string, string> = {};
  const connectionKey = CONNECTION_KEY[service];
  for (const field of serviceFields(service, form.manual)) {
    const raw = form.values[field.key] ?? '';
    const value = field.kind === 'secret' ? raw : raw.trim();
    if (value !== '') properties[field.key] = value;
  }
  if (form.manual && connectionKey) {
    for (const key of ['host', 'dbname', 'user', 'password', 'port', 'sslmode']) delete properties[key];
    properties[connectionKey] =
      service === 'postgres' ? postgresConnection(form.values) : mysqlDsn(form.values);
  }
  return { service, account_id: form.accountId.trim(), properties };
}
