import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedDataDir } from '@stowage/test-support/kube/shared-data';
import { afterAll, describe, expect, test } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  crdSchema,
  generate,
  MAPPED_TYPES,
  OUTPUT_FILE,
  RESOURCES,
  schemaAt,
} from '../../scripts/gen-crd-types.mjs';
import { generateTenantSchema, SCHEMA_FILE } from '../../scripts/gen-tenant-schema.mjs';

// crd-types.generated.ts is derived from the CRDs in shared/data: it must be exactly what the
// generator makes of them today, and every subtree the generator maps to a client-node type must
// still exist in its schema (or the mapping silently stops applying).

const scratch = mkdtempSync(join(tmpdir(), 'stowage-crd-types-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const schemas = new Map(RESOURCES.map((r) => [r.typeName, crdSchema(r.file, r.version)]));
const schemaOf = (typeName: string) => schemas.get(typeName)!;

/** A copy of shared/data whose Tenant v2 schema has been edited. */
function editedTenantCrd(edit: (schema: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(scratch, 'data-'));
  for (const { file } of RESOURCES) copyFileSync(join(sharedDataDir(), file), join(dir, file));
  const file = join(dir, RESOURCES[0]!.file);
  const crd = parse(readFileSync(file, 'utf8'));
  edit(crd.spec.versions.find((v: { name: string }) => v.name === 'v2').schema.openAPIV3Schema);
  writeFileSync(file, stringify(crd));
  return dir;
}

describe('generated CRD types', () => {
  test('regenerating from the CRDs gives exactly the committed file', () => {
    expect(generate()).toBe(readFileSync(OUTPUT_FILE, 'utf8'));
  });

  test('a changed CRD makes the committed file stale', () => {
    const dir = editedTenantCrd((schema) => {
      const spec = schemaAt(schema, 'spec') as { properties: Record<string, unknown> };
      spec.properties.newField = { type: 'string', description: 'A new field. More text.' };
    });
    const regenerated = generate(dir);
    expect(regenerated).not.toBe(readFileSync(OUTPUT_FILE, 'utf8'));
    expect(regenerated).toContain('  /** A new field. */\n  newField?: string;');
  });

  test('a shape the CRDs repeat is emitted once, its other names aliases of it', () => {
    const text = generate();
    expect(text).toContain('export interface DirectCSIDriveV1beta1StatusConditionsItem {');
    expect(text).toContain(
      'export type DirectCSIVolumeV1beta1StatusConditionsItem = DirectCSIDriveV1beta1StatusConditionsItem;',
    );
    expect(text.match(/^ {2}observedGeneration\?: number;$/gm)).toHaveLength(1);
  });

  test.each(
    Object.entries(MAPPED_TYPES).flatMap(([typeName, paths]) =>
      Object.entries(paths).map(([path, type]) => ({ typeName, path, type })),
    ),
  )('$typeName $path (mapped to $type) exists in the schema', ({ typeName, path }) => {
    expect(schemaAt(schemaOf(typeName), path)).toBeDefined();
  });

  test('a mapped subtree that disappears from the schema is noticed', () => {
    const dir = editedTenantCrd((schema) => {
      const pool = schemaAt(schema, 'spec.pools[]') as { properties: Record<string, unknown> };
      delete pool.properties.affinity;
    });
    const tenant = RESOURCES[0]!;
    expect(schemaAt(crdSchema(tenant.file, tenant.version, dir), 'spec.pools[].affinity')).toBeUndefined();
    expect(schemaAt(crdSchema(tenant.file, tenant.version, dir), 'spec.pools[].resources')).toBeDefined();
  });
});

describe('tenant-schema.generated.json (the web Edit YAML validation schema)', () => {
  test("is exactly what gen-tenant-schema makes of shared/data's Tenant CRD", () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(generateTenantSchema());
  });
});
