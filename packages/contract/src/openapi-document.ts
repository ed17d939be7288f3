import { buildOpenApi } from './openapi.js';
import { routes } from './routes/index.js';

export const CONTRACT_VERSION = '0.1.0';

/** The document committed as packages/contract/openapi.json. */
export function openApiDocument(): ReturnType<typeof buildOpenApi> {
  return buildOpenApi(Object.values(routes), CONTRACT_VERSION);
}

export function openApiText(): string {
  return `${JSON.stringify(openApiDocument(), null, 2)}\n`;
}
