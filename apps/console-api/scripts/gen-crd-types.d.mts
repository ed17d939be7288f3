type Schema = Record<string, unknown>;

export const OUTPUT_FILE: string;
export const RESOURCES: { file: string; version: string; typeName: string }[];
/** Per root type: schema path → the client-node type that subtree becomes. */
export const MAPPED_TYPES: Record<string, Record<string, string>>;
/** The openAPIV3Schema of one version of a CRD file in shared/data. */
export function crdSchema(file: string, version: string, dir?: string): Schema;
/** The subschema at a MAPPED_TYPES path, or undefined when the schema has no such subtree. */
export function schemaAt(schema: Schema, path: string): Schema | undefined;
/** The whole generated file. */
export function generate(dir?: string): string;
