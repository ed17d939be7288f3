export const SCHEMA_FILE: string;
/** The Tenant CRD's v2 schema, trimmed for the web's Edit YAML validation, as JSON text. */
export function generateTenantSchema(dir?: string): string;
