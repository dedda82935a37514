import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES, ZErrorResponseSchema } from '@platform/contracts';

/**
 * OpenAPI 3.1 from the route table itself: every route a service registers is recorded (createHttpServer adds the
 * onRoute hook before any route exists), and its document is built from the zod schemas that validate the route
 * (params, querystring, headers, body) and serialise its answers (response). No hand-written copy: a route added
 * tomorrow is in the document tomorrow. A service serves its document at OPENAPI_PATH; the gateway assembles the
 * documents of every service into one (/api/docs).
 */

export const OPENAPI_PATH = '/internal/openapi.json';

export interface TDocumentedRoute {
  method: string;
  /** Fastify's pattern, e.g. `/api/admin/tasks/:id`. */
  url: string;
  schema: { params?: unknown; querystring?: unknown; headers?: unknown; body?: unknown; response?: Record<string, unknown>; [key: string]: unknown };
}

export type TJsonSchema = Record<string, unknown>;

export interface TOpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: TJsonSchema; description?: string }[];
  requestBody?: { required: boolean; content: Record<string, { schema: TJsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: TJsonSchema }> }>;
  security?: Record<string, string[]>[];
  'x-internal'?: boolean;
}

export interface TOpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  paths: Record<string, Record<string, TOpenApiOperation>>;
  components: { schemas: Record<string, TJsonSchema>; securitySchemes?: Record<string, unknown> };
  tags?: { name: string; description?: string }[];
}

/** Records every route of a Fastify instance (and of its plugins) as it is added. */
export function recordRoutes(app: { addHook(name: 'onRoute', hook: (route: RouteOptions) => void): unknown }): TDocumentedRoute[] {
  const routes: TDocumentedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || route.url === '/health' || route.url === OPENAPI_PATH) continue;
      routes.push({ method: String(method), url: route.url, schema: (route.schema ?? {}) as TDocumentedRoute['schema'] });
    }
  });
  return routes;
}

/** `/api/tasks/:id/files/:fileId` -> `/api/tasks/{id}/files/{fileId}` (a wildcard `*` becomes `{wildcard}`). */
export function openApiPath(fastifyUrl: string): string {
  return fastifyUrl.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}').replace(/\*$/, '{wildcard}');
}

function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/**
 * The error shape every refusal has (errors.ts): contracts' ZErrorResponseSchema, `code` one of ERROR_CODES (their
 * parameters are listed in packages/contracts/src/errors.ts).
 */
const ERROR_SCHEMA: TJsonSchema = (() => {
  const schema = z.toJSONSchema(ZErrorResponseSchema, { target: 'draft-2020-12', io: 'output' }) as TJsonSchema & { properties: Record<string, TJsonSchema> };
  delete schema.$schema;
  schema.properties.code = { type: 'string', enum: Object.keys(ERROR_CODES), description: 'packages/contracts ERROR_CODES' };
  return schema;
})();

/**
 * Converts one zod schema to JSON Schema 2020-12 (the dialect of OpenAPI 3.1): `input` for what a client sends,
 * `output` for what the route answers. Definitions it needs ($defs, for recursive or registered schemas) move to
 * components.schemas, their references rewritten.
 */
function toJsonSchema(schema: unknown, io: 'input' | 'output', components: Record<string, TJsonSchema>): TJsonSchema {
  if (!isZodSchema(schema)) return (schema ?? {}) as TJsonSchema;
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as TJsonSchema;
  delete converted.$schema;
  const defs = converted.$defs as Record<string, TJsonSchema> | undefined;
  delete converted.$defs;
  if (!defs) return converted;
  const renamed = new Map<string, string>();
  for (const [name, definition] of Object.entries(defs)) {
    let target = name;
    for (let n = 2; components[target] && JSON.stringify(components[target]) !== JSON.stringify(definition); n++) target = `${name}_${n}`;
    renamed.set(name, target);
  }
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/')) {
          const name = inner.slice('#/$defs/'.length);
          return [key, `#/components/schemas/${renamed.get(name) ?? name}`];
        }
        return [key, rewrite(inner)];
      }),
    );
  };
  for (const [name, definition] of Object.entries(defs)) components[renamed.get(name)!] = rewrite(definition) as TJsonSchema;
  return rewrite(converted) as TJsonSchema;
}

function parametersOf(schema: unknown, location: 'path' | 'query' | 'header', components: Record<string, TJsonSchema>, pathNames: string[]): NonNullable<TOpenApiOperation['parameters']> {
  const json = schema === undefined ? undefined : toJsonSchema(schema, 'input', components);
  const properties = (json?.properties ?? {}) as Record<string, TJsonSchema>;
  const required = new Set((json?.required ?? []) as string[]);
  const parameters: NonNullable<TOpenApiOperation['parameters']> = Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
  // A path parameter the route has but no schema names is still a parameter (a string).
  if (location === 'path') {
    for (const name of pathNames) if (!properties[name]) parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  }
  return parameters;
}

const SUMMARY_VERBS: Record<string, string> = { GET: 'Read', POST: 'Create or act on', PUT: 'Replace', PATCH: 'Change', DELETE: 'Delete' };

/** One operation per route, from its schemas. */
export function operationOf(route: TDocumentedRoute, service: string, components: Record<string, TJsonSchema>): TOpenApiOperation {
  const path = openApiPath(route.url);
  const pathNames = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const parameters = [
    ...parametersOf(route.schema.params, 'path', components, pathNames),
    ...parametersOf(route.schema.querystring, 'query', components, []),
    ...parametersOf(route.schema.headers, 'header', components, []),
  ];
  const responses: TOpenApiOperation['responses'] = {};
  for (const [status, schema] of Object.entries(route.schema.response ?? {})) {
    const code = status.toUpperCase();
    responses[code] = { description: code.startsWith('2') ? 'Success' : 'Answer', content: { 'application/json': { schema: toJsonSchema(schema, 'output', components) } } };
  }
  if (!Object.keys(responses).some((code) => code.startsWith('2'))) {
    // No schema: the route answers without one (a file, a stream, 204 or an undescribed body).
    responses.default = { description: 'Success (the answer is not described by a schema)' };
  }
  responses['4XX'] ??= { description: 'Refused: `{message, code, params?}`, and `field` when a form field is at fault', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  components.Error = ERROR_SCHEMA;
  const operationId = `${service}_${route.method.toLowerCase()}_${path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
  const operation: TOpenApiOperation = {
    operationId,
    tags: [service],
    // A route may name itself (Fastify's schema.summary / schema.description); otherwise its method and path say it.
    summary: typeof route.schema.summary === 'string' ? route.schema.summary : `${SUMMARY_VERBS[route.method] ?? route.method} ${path}`,
    ...(typeof route.schema.description === 'string' ? { description: route.schema.description } : {}),
    responses,
  };
  if (parameters.length) operation.parameters = parameters;
  if (route.schema.body !== undefined) {
    operation.requestBody = { required: true, content: { 'application/json': { schema: toJsonSchema(route.schema.body, 'input', components) } } };
  }
  if (route.url.startsWith('/internal/')) operation['x-internal'] = true;
  return operation;
}

/** The document of one service: each recorded route (internal ones marked `x-internal`), built when asked. */
export function buildOpenApiDocument(service: string, routes: readonly TDocumentedRoute[], version = '0.1.0'): TOpenApiDocument {
  const components: Record<string, TJsonSchema> = {};
  const paths: TOpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operationOf(route, service, components);
  }
  return { openapi: '3.1.0', info: { title: `${service} service`, version }, paths, components: { schemas: components }, tags: [{ name: service }] };
}
