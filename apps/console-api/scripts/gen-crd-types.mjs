// Generates apps/console-api/src/clients/crd-types.generated.ts: TypeScript types of the Tenant
// (v2) and direct-csi (v1beta1) custom resources, read from the CRD schemas in shared/data.
// The emitter covers only the JSON-schema subset these CRDs use. The Kubernetes core shapes the
// Tenant schema embeds (affinity, resources, pod templates...) are not re-generated: MAPPED_TYPES
// names each such subtree and the @kubernetes/client-node type it becomes, which keeps the
// output reviewable. `node apps/console-api/scripts/gen-crd-types.mjs` (or `npm run gen:crd-types`) writes it;
// `--check` exits 1 when the committed file differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sharedDataDir } from '@stowage/test-support/kube/shared-data';
import { parse } from 'yaml';

export const OUTPUT_FILE = new URL('../src/clients/crd-types.generated.ts', import.meta.url).pathname;

/** Which version of which CRD becomes which root type. */
export const RESOURCES = [
  { file: 'minio.min.io_tenants.v4.2.0.yaml', version: 'v2', typeName: 'TenantV2' },
  { file: 'direct.csi.min.io_directcsidrives.yaml', version: 'v1beta1', typeName: 'DirectCSIDriveV1beta1' },
  { file: 'direct.csi.min.io_directcsivolumes.yaml', version: 'v1beta1', typeName: 'DirectCSIVolumeV1beta1' },
];

/**
 * Schema path (from the resource root; `[]` steps into array items) → client-node type. The
 * CRD copies these subtrees from the Kubernetes core API, so the client's own types are exact.
 */
export const MAPPED_TYPES = {
  TenantV2: {
    metadata: 'V1ObjectMeta',
    'spec.configuration': 'V1LocalObjectReference',
    'spec.credsSecret': 'V1LocalObjectReference',
    'spec.env[]': 'V1EnvVar',
    'spec.imagePullSecret': 'V1LocalObjectReference',
    'spec.users[]': 'V1LocalObjectReference',
    'spec.pools[].affinity': 'V1Affinity',
    'spec.pools[].resources': 'V1ResourceRequirements',
    'spec.pools[].securityContext': 'V1PodSecurityContext',
    'spec.pools[].tolerations[]': 'V1Toleration',
    'spec.pools[].volumeClaimTemplate': 'V1PersistentVolumeClaim',
    'spec.kes.affinity': 'V1Affinity',
    'spec.kes.kesSecret': 'V1LocalObjectReference',
    'spec.kes.securityContext': 'V1PodSecurityContext',
    'spec.kes.tolerations[]': 'V1Toleration',
    'spec.log.affinity': 'V1Affinity',
    'spec.log.resources': 'V1ResourceRequirements',
    'spec.log.securityContext': 'V1PodSecurityContext',
    'spec.log.tolerations[]': 'V1Toleration',
    'spec.log.db.affinity': 'V1Affinity',
    'spec.log.db.resources': 'V1ResourceRequirements',
    'spec.log.db.securityContext': 'V1PodSecurityContext',
    'spec.log.db.tolerations[]': 'V1Toleration',
    'spec.log.db.volumeClaimTemplate': 'V1PersistentVolumeClaim',
    'spec.prometheus.affinity': 'V1Affinity',
    'spec.prometheus.resources': 'V1ResourceRequirements',
    'spec.prometheus.securityContext': 'V1PodSecurityContext',
    'spec.sideCars.containers[]': 'V1Container',
    'spec.sideCars.volumeClaimTemplates[]': 'V1PersistentVolumeClaim',
    'spec.sideCars.volumes[]': 'V1Volume',
  },
  DirectCSIDriveV1beta1: { metadata: 'V1ObjectMeta' },
  DirectCSIVolumeV1beta1: { metadata: 'V1ObjectMeta' },
};

/** The openAPIV3Schema of one version of a CRD file in shared/data. */
export function crdSchema(file, version, dir = sharedDataDir()) {
  const crd = parse(readFileSync(join(dir, file), 'utf8'));
  const found = crd.spec.versions.find((v) => v.name === version);
  if (!found) throw new Error(`${file} has no version ${version}`);
  return found.schema.openAPIV3Schema;
}

/** The subschema at a MAPPED_TYPES path, or undefined when the schema has no such subtree. */
export function schemaAt(schema, path) {
  let node = schema;
  for (const step of path.split('.')) {
    const [name, ...items] = step.split('[]');
    node = node?.properties?.[name];
    for (const _ of items) node = node?.items;
  }
  return node;
}

const LINE_WIDTH = 110;
const pascal = (name) => name.charAt(0).toUpperCase() + name.slice(1);
const propertyKey = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
const literal = (value) => (typeof value === 'string' ? `'${value.replaceAll("'", "\\'")}'` : String(value));

/** A description's first sentence on one line, safe inside a block comment. */
function firstSentence(description) {
  const flat = description.replace(/\s+/g, ' ').trim();
  const end = flat.search(/\.(\s|$)/);
  return (end < 0 ? flat : flat.slice(0, end + 1)).replaceAll('*/', '*\\/');
}

/** Emits the interfaces of one resource, parents before children, and the imports they use. */
function emitResource(schema, typeName, mapped, shapes) {
  const interfaces = [];
  const imports = new Set();

  const typeOf = (node, path, name) => {
    const base = baseType(node, path, name);
    return node.nullable ? `${base} | null` : base;
  };

  const baseType = (node, path, name) => {
    const mappedType = mapped[path];
    if (mappedType) {
      imports.add(mappedType);
      return mappedType;
    }
    if (node['x-kubernetes-int-or-string']) return 'string | number';
    if (node.enum) return node.enum.map(literal).join(' | ');
    switch (node.type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'array': {
        const item = node.items ? typeOf(node.items, `${path}[]`, `${name}Item`) : 'unknown';
        return /[ |]/.test(item) ? `(${item})[]` : `${item}[]`;
      }
      case 'object':
        if (node.properties) return emitInterface(node, path, name);
        if (typeof node.additionalProperties === 'object')
          return `Record<string, ${typeOf(node.additionalProperties, `${path}{}`, `${name}Value`)}>`;
        return 'Record<string, unknown>';
      default:
        return node['x-kubernetes-preserve-unknown-fields'] ? 'Record<string, unknown>' : 'unknown';
    }
  };

  const emitInterface = (node, path, name) => {
    const lines = [];
    interfaces.push(lines);
    const required = new Set(node.required ?? []);
    const body = [];
    for (const [key, child] of Object.entries(node.properties)) {
      const childPath = path ? `${path}.${key}` : key;
      const type = typeOf(child, childPath, `${name}${pascal(key)}`);
      if (child.description) body.push(`  /** ${firstSentence(child.description)} */`);
      const head = `  ${propertyKey(key)}${required.has(key) ? '' : '?'}:`;
      if (`${head} ${type};`.length <= LINE_WIDTH || !type.includes(' | ')) body.push(`${head} ${type};`);
      else
        body.push(
          head,
          ...type.split(' | ').map((member, i, all) => `    | ${member}${i === all.length - 1 ? ';' : ''}`),
        );
    }
    if (node.description) lines.push(`/** ${firstSentence(node.description)} */`);
    // The CRDs repeat some shapes (secret references, conditions): one body, the rest aliases.
    const key = body.join('\n');
    const same = shapes.get(key);
    if (same) lines.push(`export type ${name} = ${same};`);
    else {
      shapes.set(key, name);
      lines.push(`export interface ${name} {`, ...body, '}');
    }
    return name;
  };

  emitInterface(schema, '', typeName);
  return { imports, text: interfaces.map((lines) => lines.join('\n')).join('\n\n') };
}

/** The whole generated file. */
export function generate(dir = sharedDataDir()) {
  const imports = new Set();
  /** Interface body → the first name emitted with it. */
  const shapes = new Map();
  const parts = RESOURCES.map(({ file, version, typeName }) => {
    const emitted = emitResource(crdSchema(file, version, dir), typeName, MAPPED_TYPES[typeName], shapes);
    for (const name of emitted.imports) imports.add(name);
    return `// ${typeName}: version ${version} of ${file}.\n\n${emitted.text}`;
  });
  const importLines = [...imports].sort().map((name) => `  ${name},`);
  return [
    '// Generated by apps/console-api/scripts/gen-crd-types.mjs from the CRDs in shared/data; do not edit.',
    '// Run `npm run gen:crd-types` after changing a CRD or the generator.',
    '',
    `import type {\n${importLines.join('\n')}\n} from '@kubernetes/client-node';`,
    '',
    parts.join('\n\n'),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = generate();
  if (process.argv.includes('--check')) {
    const current = readFileSync(OUTPUT_FILE, 'utf8');
    if (current !== text) {
      console.error(`${OUTPUT_FILE} is out of date; run npm run gen:crd-types`);
      process.exit(1);
    }
  } else {
    writeFileSync(OUTPUT_FILE, text);
    console.log(`wrote ${OUTPUT_FILE}`);
  }
}
