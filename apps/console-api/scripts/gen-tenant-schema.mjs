// Generates apps/console-web/src/features/tenants/detail/tenant-schema.generated.json: the Tenant
// CRD's v2 openAPIV3Schema (shared/data) trimmed to what Edit YAML validates against, for the
// web app to bundle (it cannot read shared/data at run time). Descriptions and defaults go; the
// keywords the editor's validator understands stay. `node apps/console-api/scripts/gen-tenant-schema.mjs`
// (or `npm run gen:tenant-schema`) writes it; `--check` exits 1 when the committed file differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { sharedDataDir } from '@stowage/test-support/kube/shared-data';
import { crdSchema, RESOURCES } from './gen-crd-types.mjs';

export const SCHEMA_FILE = new URL(
  '../../console-web/src/features/tenants/detail/tenant-schema.generated.json',
  import.meta.url,
).pathname;

/** The keywords kept; everything else (description, default, example…) is dropped. */
const KEPT = new Set([
  'type',
  'properties',
  'items',
  'required',
  'enum',
  'format',
  'minimum',
  'maximum',
  'pattern',
  'nullable',
  'additionalProperties',
  'anyOf',
  'x-kubernetes-int-or-string',
  'x-kubernetes-preserve-unknown-fields',
]);

function trim(node) {
  if (Array.isArray(node)) return node.map(trim);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (!KEPT.has(key)) continue;
    if (key === 'properties')
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trim(v)]));
    else out[key] = typeof value === 'object' ? trim(value) : value;
  }
  return out;
}

/** The trimmed schema as the committed file holds it. */
export function generateTenantSchema(dir = sharedDataDir()) {
  const tenant = RESOURCES[0];
  return `${JSON.stringify(trim(crdSchema(tenant.file, tenant.version, dir)))}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = generateTenantSchema();
  if (process.argv.includes('--check')) {
    if (readFileSync(SCHEMA_FILE, 'utf8') !== text) {
      console.error(`${SCHEMA_FILE} is out of date; run npm run gen:tenant-schema`);
      process.exit(1);
    }
  } else writeFileSync(SCHEMA_FILE, text);
}
