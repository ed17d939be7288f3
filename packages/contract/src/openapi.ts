import type { TSchema } from 'typebox';
import { API_PREFIX, type RouteDef } from './route.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A schema as plain JSON (typebox keeps its kind markers off the enumerable keys). */
function plain(schema: TSchema): { [key: string]: Json } {
  return JSON.parse(JSON.stringify(schema)) as { [key: string]: Json };
}

/** Replace every named sub-schema by a $ref and collect it under components.schemas. */
function hoist(node: Json, components: Record<string, Json>): Json {
  if (Array.isArray(node)) return node.map((n) => hoist(n, components));
  if (node === null || typeof node !== 'object') return node;
  const id = typeof node.$id === 'string' ? node.$id : undefined;
  const body: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(node)) if (k !== '$id') body[k] = hoist(v, components);
  if (!id) return body;
  components[id] = body;
  return { $ref: `#/components/schemas/${id}` };
}

function parametersOf(route: RouteDef, components: Record<string, Json>): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const s = plain(schema);
    const props = (s.properties ?? {}) as Record<string, Json>;
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(props)) {
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        schema: hoist(prop, components),
      });
    }
  }
  return out;
}

/** Build the OpenAPI 3.1 document for the given routes; deterministic, so drift is a diff. */
export function buildOpenApi(routeList: readonly RouteDef[], version: string): Record<string, Json> {
  const components: Record<string, Json> = {};
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routeList) {
    const path = API_PREFIX + route.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const responses: Record<string, Json> = {};
    for (const [status, schema] of Object.entries(route.responses)) {
      const bytes = route.media?.response && (status === '200' || status === '206');
      responses[status] = bytes
        ? {
            description: status,
            content: { [route.media?.response ?? '']: { schema: { type: 'string', format: 'binary' } } },
          }
        : schema
          ? {
              description: status,
              content: { 'application/json': { schema: hoist(plain(schema), components) } },
            }
          : { description: status };
    }
    const op: Record<string, Json> = {
      operationId: route.id,
      summary: route.summary,
      tags: [route.tag],
      parameters: parametersOf(route, components),
      responses,
    };
    if (route.media?.request) {
      op.requestBody = {
        required: true,
        content: {
          [route.media.request]: {
            schema: { type: 'object', additionalProperties: { type: 'string', format: 'binary' } },
          },
        },
      };
    } else if (route.body) {
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: hoist(plain(route.body), components) } },
      };
    }
    if (route.auth) op.security = [{ session: [] }];
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = op;
  }
  const sortedComponents = Object.fromEntries(
    Object.entries(components).sort(([a], [b]) => a.localeCompare(b)),
  );
  return {
    openapi: '3.1.0',
    info: { title: 'Stowage console API', version },
    paths,
    components: {
      schemas: sortedComponents,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'token' },
      },
    },
  };
}
