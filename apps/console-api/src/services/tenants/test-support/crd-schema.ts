import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDataDir } from '@stowage/test-support/kube/shared-data';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

// The Tenant CRD's v2 openAPIV3Schema (operator v4.2.0, kept outside the repository in
// shared/data), compiled the way operator.md §5.3 verified matches what kube-apiserver reports.
// Unknown fields are not errors here: the API server prunes them, so tests assert that separately.

const CRD_FILE = join(sharedDataDir(), 'minio.min.io_tenants.v4.2.0.yaml');

interface CrdVersion {
  name: string;
  schema: { openAPIV3Schema: Record<string, unknown> };
}

export function tenantSchema(): Record<string, unknown> {
  const crd = parse(readFileSync(CRD_FILE, 'utf8')) as { spec: { versions: CrdVersion[] } };
  const v2 = crd.spec.versions.find((v) => v.name === 'v2');
  if (!v2) throw new Error('the Tenant CRD has no v2 version');
  return v2.schema.openAPIV3Schema;
}

let compiled: ((value: unknown) => ErrorObject[]) | undefined;

/** The schema errors the API server would answer 422 with; empty when the Tenant is valid. */
export function tenantSchemaErrors(tenant: unknown): ErrorObject[] {
  if (!compiled) {
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addFormat('int32', {
      type: 'number',
      validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31,
    });
    ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
    const validate = ajv.compile(tenantSchema());
    compiled = (value) => (validate(value) ? [] : [...(validate.errors ?? [])]);
  }
  return compiled(tenant);
}

/** Paths in `value` that the schema does not declare (what the API server would prune). */
export function unknownFields(
  value: unknown,
  schema: Record<string, unknown> = tenantSchema(),
  path = '',
): string[] {
  if (value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    const items = schema.items as Record<string, unknown> | undefined;
    return items ? value.flatMap((item, i) => unknownFields(item, items, `${path}[${i}]`)) : [];
  }
  if (schema['x-kubernetes-preserve-unknown-fields']) return [];
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
  const additional = schema.additionalProperties as Record<string, unknown> | boolean | undefined;
  return Object.entries(value).flatMap(([key, child]) => {
    const childSchema = properties?.[key] ?? (typeof additional === 'object' ? additional : undefined);
    if (!childSchema) return properties || additional === false ? [`${path}.${key}`] : [];
    return unknownFields(child, childSchema, `${path}.${key}`);
  });
}
