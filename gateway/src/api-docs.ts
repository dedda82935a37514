import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { COMMON_ERRORS, OPENAPI_PATH, type TApp, type TJsonSchema, type TOpenApiDocument, type TOpenApiOperation } from '@platform/service-kit';
import { requiresAdmin, resolveRoute, ROUTES, type TRouteEntry, type TServiceName } from './routes.js';

/**
 * The API documentation at the edge: /api/docs/openapi.json is ONE OpenAPI 3.1 document assembled from the documents
 * each service builds from its own route table and zod schemas (service-kit openapi.ts, served at
 * /internal/openapi.json), keeping exactly the operations this gateway routes to that service (routes.ts), with the
 * access the gateway enforces (bearer token, admin role). /api/docs is Swagger UI, its files served from the
 * swagger-ui-dist package (no CDN) and started by a script file of ours (the CSP allows no inline script).
 */

export const DOCS_PREFIX = '/api/docs';

/** One instance of a service to ask (the gateway's upstream group, or a fixed URL in tests). */
export type TDocsUpstreams = Partial<Record<TServiceName, { pick(): string }>>;

export interface TAssembledDocument extends TOpenApiDocument {
  /** Services whose document could not be read (the assembled one then lacks their operations). */
  'x-missing-services'?: { service: string; reason: string }[];
  /** Public routes (`/api/...`) a service serves that the gateway routes elsewhere or not at all: never reachable. */
  'x-unrouted'?: { service: string; method: string; path: string }[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** A path with its parameters filled in with a sample segment, as resolveRoute needs. */
function concretePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, 'x');
}

function renameRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, names));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')) {
        const name = inner.slice('#/components/schemas/'.length);
        return [key, `#/components/schemas/${names.get(name) ?? name}`];
      }
      return [key, renameRefs(inner, names)];
    }),
  );
}

/** Assembles the services' documents into the gateway's (pure: the tests call it on documents they read). */
export function assembleDocument(documents: Partial<Record<TServiceName, TOpenApiDocument>>, routes: readonly TRouteEntry[] = ROUTES): TAssembledDocument {
  const assembled: TAssembledDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Platform API',
      version: '0.1.0',
      description:
        'Every public route of every service, generated from the zod schemas that validate them. Send the token from POST /api/auth/login as `Authorization: Bearer <token>`. Refusals are `{message, code, params?}` (and `field` when a form field is at fault): `code` is one of the codes of the Error schema, `params` its parameters, so a client can say it in its own language.',
    },
    servers: [{ url: '/' }],
    paths: {},
    components: { schemas: {}, securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    tags: [],
  };
  const unrouted: NonNullable<TAssembledDocument['x-unrouted']> = [];
  for (const [service, document] of Object.entries(documents) as [TServiceName, TOpenApiDocument][]) {
    assembled.tags!.push({ name: service, description: `Served by the ${service} service` });
    const names = new Map<string, string>();
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      const existing = assembled.components.schemas[name];
      const target = existing && JSON.stringify(existing) !== JSON.stringify(schema) ? `${service}_${name}` : name;
      names.set(name, target);
    }
    for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) {
      assembled.components.schemas[names.get(name)!] = renameRefs(schema, names) as TJsonSchema;
    }
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!HTTP_METHODS.includes(method) || operation['x-internal'] || !path.startsWith('/api/')) continue;
        const entry = resolveRoute(concretePath(path), routes);
        if (entry?.service !== service) {
          unrouted.push({ service, method: method.toUpperCase(), path });
          continue;
        }
        const documented = renameRefs(operation, names) as TOpenApiOperation;
        const admin = requiresAdmin(concretePath(path), entry);
        if (entry.access === 'public' && !admin) {
          // Said, not left out: an operation without `security` could be read as "the document did not say".
          documented.security = [];
        } else {
          documented.security = [{ bearerAuth: [] }];
          documented.responses['401'] ??= { description: 'No valid token', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
          if (admin) documented.responses['403'] ??= { description: 'Admin role required', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
        }
        if (entry.rateLimit && method === 'post') {
          documented.responses['429'] ??= { description: 'Too many attempts (Retry-After says when to try again)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
        }
        if (admin) documented.summary = `${documented.summary} (admin)`;
        (assembled.paths[path] ??= {})[method] = documented;
      }
    }
  }
  if (unrouted.length) assembled['x-unrouted'] = unrouted;
  assembled.paths = Object.fromEntries(Object.entries(assembled.paths).sort(([a], [b]) => a.localeCompare(b)));
  return assembled;
}

/** Swagger UI's files, read from the installed package once (a handful, served with their own caching). */
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '${DOCS_PREFIX}/openapi.json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: false });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Platform API</title>
  <link rel="stylesheet" href="${DOCS_PREFIX}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${DOCS_PREFIX}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${DOCS_PREFIX}/swagger-ui-bundle.js"></script>
  <script src="${DOCS_PREFIX}/swagger-initializer.js"></script>
</body>
</html>
`;

export interface TApiDocsOptions {
  upstreams: TDocsUpstreams;
  /** How long an assembled document is kept before the services are asked again. Default 30 s. */
  cacheMs?: number;
}

async function readServiceDocument(baseUrl: string): Promise<TOpenApiDocument> {
  const response = await fetch(`${baseUrl}${OPENAPI_PATH}`, { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${OPENAPI_PATH} answered ${response.status}`);
  }
  return (await response.json()) as TOpenApiDocument;
}

/** /api/docs (the viewer), its files, and /api/docs/openapi.json (the assembled document). */
export function registerApiDocs(app: TApp, options: TApiDocsOptions): void {
  const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files = new Map<string, Promise<Buffer>>();
  let cached: { at: number; document: TAssembledDocument } | undefined;
  const cacheMs = options.cacheMs ?? 30_000;

  const assemble = async (): Promise<TAssembledDocument> => {
    if (cached && Date.now() - cached.at < cacheMs) return cached.document;
    const documents: Partial<Record<TServiceName, TOpenApiDocument>> = {};
    const missing: { service: string; reason: string }[] = [];
    await Promise.all(
      (Object.entries(options.upstreams) as [TServiceName, { pick(): string }][]).map(async ([service, group]) => {
        try {
          documents[service] = await readServiceDocument(group.pick());
        } catch (error) {
          missing.push({ service, reason: (error as Error).message });
        }
      }),
    );
    const document = assembleDocument(documents);
    if (missing.length) document['x-missing-services'] = missing;
    // A document lacking a service is not kept: the next request asks again.
    else cached = { at: Date.now(), document };
    return document;
  };

  app.get(DOCS_PREFIX, async (_request, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(PAGE));
  app.get(`${DOCS_PREFIX}/openapi.json`, async (_request, reply) => reply.header('cache-control', 'no-cache').send(await assemble()));
  app.get(`${DOCS_PREFIX}/swagger-initializer.js`, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(INITIALIZER),
  );
  app.get<{ Params: { file: string } }>(`${DOCS_PREFIX}/:file`, async (request, reply) => {
    const { file } = request.params as { file: string };
    const type = Object.hasOwn(SWAGGER_FILES, file) ? SWAGGER_FILES[file] : undefined;
    if (!type) throw COMMON_ERRORS.notFound(`Route GET ${request.url} not found`, 'route');
    if (!files.has(file)) files.set(file, readFile(join(swaggerDir, file)));
    return reply.header('cache-control', 'public, max-age=3600').type(type).send(await files.get(file)!);
  });
}
