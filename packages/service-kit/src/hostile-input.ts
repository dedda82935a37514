import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * The hostile-input probe (tests only): every route of a service's REAL route table is sent NUL characters, lone
 * surrogates, a byte-order mark, a 10 MB body, a 301-character and a malformed percent-encoded path parameter,
 * malformed percent-escapes in the query string (reads: a 4xx, or ignored); every
 * answer must be a 4xx in `{message, code}` shape, within a deadline, and the service's tables must not change.
 *
 * The route table comes from Fastify itself (its `fastify.initialization` diagnostics channel and an onRoute hook),
 * so a route added later is probed without anyone listing it here.
 */

export interface TRecordedRoute {
  method: string;
  /** Fastify's pattern, e.g. `/api/admin/tasks/:id`. */
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

export interface TRouteRecorder {
  /** The routes of the server listening at baseUrl (HEAD and /health left out). */
  routesServedAt(baseUrl: string): TRecordedRoute[];
  stop(): void;
}

const INIT_CHANNEL = 'fastify.initialization';

/** Call before the service starts: records the route table of every Fastify instance created until stop(). */
export function recordRouteTables(): TRouteRecorder {
  const tables: { fastify: FastifyInstance; routes: TRecordedRoute[] }[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    const routes: TRecordedRoute[] = [];
    fastify.addHook('onRoute', (route: RouteOptions) => {
      for (const method of [route.method].flat()) {
        routes.push({ method: String(method), url: route.url, schema: (route.schema ?? {}) as TRecordedRoute['schema'] });
      }
    });
    tables.push({ fastify, routes });
  };
  diagnostics.subscribe(INIT_CHANNEL, onInit);
  return {
    routesServedAt(baseUrl) {
      const port = Number(new URL(baseUrl).port);
      const table = tables.find(({ fastify }) => {
        const address = fastify.server.address();
        return typeof address === 'object' && address?.port === port;
      });
      if (!table) throw new Error(`no Fastify instance recorded listens at ${baseUrl} (start the service after recordRouteTables())`);
      return table.routes.filter((r) => r.method !== 'HEAD' && r.url !== '/health');
    },
    stop: () => diagnostics.unsubscribe(INIT_CHANNEL, onInit),
  };
}

/* ---- Reading zod schemas (v4) without importing zod's internals. ---- */

interface TZodLike {
  _zod: { def: { type: string; [key: string]: unknown } };
  safeParse(value: unknown): { success: boolean };
}

function isZod(value: unknown): value is TZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value && typeof (value as TZodLike).safeParse === 'function';
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

function unwrap(schema: TZodLike): TZodLike {
  let current = schema;
  while (WRAPPERS.has(current._zod.def.type) && isZod(current._zod.def.innerType)) current = current._zod.def.innerType;
  return current;
}

/** A schema that takes text from the client: a string, or a pipe that starts from one. */
function takesText(schema: TZodLike): boolean {
  const s = unwrap(schema);
  if (s._zod.def.type === 'string') return true;
  if (s._zod.def.type === 'pipe' && isZod(s._zod.def.in)) return takesText(s._zod.def.in);
  if (s._zod.def.type === 'union') return (s._zod.def.options as TZodLike[]).some(takesText);
  return false;
}

/** The object shape behind wrappers, pipes (their input side) and intersections, or undefined. */
function shapeOf(schema: unknown): Record<string, TZodLike> | undefined {
  if (!isZod(schema)) return undefined;
  const s = unwrap(schema);
  const def = s._zod.def;
  if (def.type === 'object') return def.shape as Record<string, TZodLike>;
  if (def.type === 'pipe') return shapeOf(def.in);
  if (def.type === 'intersection') return { ...shapeOf(def.left), ...shapeOf(def.right) };
  return undefined;
}

/** Every field of an object schema that takes text, with its path (nested objects and arrays of text included). */
export function findTextFields(schema: unknown, prefix: string[] = []): { path: string[]; schema: TZodLike; list?: boolean }[] {
  const shape = shapeOf(schema);
  if (!shape) return [];
  const found: { path: string[]; schema: TZodLike; list?: boolean }[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const path = [...prefix, key];
    const inner = unwrap(field);
    if (takesText(field)) found.push({ path, schema: field });
    else if (inner._zod.def.type === 'array' && isZod(inner._zod.def.element) && takesText(inner._zod.def.element)) {
      found.push({ path, schema: inner._zod.def.element, list: true });
    } else found.push(...findTextFields(field, path));
  }
  return found;
}

/** Texts with a NUL or a lone surrogate, shaped to pass as many other rules as possible (length, e-mail, ids). */
export const HOSTILE_TEXTS = ['\u0000', 'a\u0000b', `${'a'.repeat(12)}\u0000`, 'probe\u0000@example.com', `${randomUUID()}\u0000`, '2030-01-01\u0000', '10\u0000', 'a\ud800', '\udc00a', 'a\u001bb', 'a\u0085b'];

/**
 * The text fields of a schema that accept a NUL, another control character or a lone surrogate when parsed on
 * their own (each should start from contracts' ZTextSchema). Fields read through z.unknown() and a hand-written
 * transform are not seen here; the HTTP probe covers them with a sample body.
 */
export function findFieldsAcceptingHostileText(schema: unknown): string[] {
  return findTextFields(schema)
    .filter(({ schema: field }) => HOSTILE_TEXTS.some((text) => field.safeParse(text).success))
    .map(({ path }) => path.join('.'));
}

/** A value of roughly the right shape for a schema: every field of an object (optional ones too). */
export function sampleOf(schema: unknown): unknown {
  if (!isZod(schema)) return 'probe';
  const s = unwrap(schema);
  const def = s._zod.def;
  switch (def.type) {
    case 'string':
      if (def.format === 'email') return 'probe@example.com';
      if (def.format === 'uuid' || def.format === 'guid') return randomUUID();
      return 'probe';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [];
    case 'null':
      return null;
    case 'union':
      return sampleOf((def.options as unknown[])[0]);
    case 'pipe':
      return sampleOf(def.in);
    case 'record':
      return {};
    case 'object':
    case 'intersection':
      return Object.fromEntries(Object.entries(shapeOf(s) ?? {}).map(([key, field]) => [key, sampleOf(field)]));
    default:
      return 'probe';
  }
}

/* ---- The HTTP probe. ---- */

export interface THostileProbeOptions {
  baseUrl: string;
  routes: TRecordedRoute[];
  /** The bearer token the route needs (an admin's for admin routes), or undefined for a public route. */
  tokenFor(route: TRecordedRoute): string | undefined;
  /** Headers a route needs besides the token (`METHOD /pattern`), e.g. an Idempotency-Key. */
  headers?: Record<string, Record<string, string>>;
  /** A valid body for a route (`METHOD /pattern`), so that a NUL in one field is the only thing wrong with it. */
  samples?: Record<string, Record<string, unknown>>;
  /** Longest wait for one answer; longer is a hang. Default 15 s. */
  timeoutMs?: number;
}

export interface THostileAnswer {
  route: string;
  probe: string;
  status: number;
  /** Why the answer is wrong, or undefined when it is what the probe expects. */
  problem?: string;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const TEN_MB = 10 * 1024 * 1024;

interface TProbe {
  name: string;
  method: string;
  path: string;
  body?: string | Buffer;
  /** The statuses this probe must get; undefined: any 4xx. */
  expect?: number[];
  /** A 2xx is fine (e.g. a query parameter the route does not declare, which it ignores). */
  allowSuccess?: boolean;
}

function pathWith(pattern: string, values: Record<string, string> = {}): string {
  return pattern
    .split('/')
    .map((segment) => {
      if (segment === '*') return values['*'] ?? 'probe';
      const param = /^:([A-Za-z0-9_]+)/.exec(segment);
      if (!param) return segment;
      return values[param[1] as string] ?? randomUUID();
    })
    .join('/');
}

function paramNames(pattern: string): string[] {
  return pattern.split('/').flatMap((segment) => {
    if (segment === '*') return ['*'];
    const param = /^:([A-Za-z0-9_]+)/.exec(segment);
    return param ? [param[1] as string] : [];
  });
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null || Array.isArray(node[key])) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1] as string] = value;
}

/** The hostile requests for one route. */
function probesOf(route: TRecordedRoute, sample: Record<string, unknown> | undefined): TProbe[] {
  const { method, url } = route;
  const probes: TProbe[] = [];
  const params = paramNames(url);
  const hasParamsSchema = isZod(route.schema.params);
  const hasBodySchema = isZod(route.schema.body);

  for (const name of params) {
    probes.push({ name: `NUL in path parameter ${name}`, method, path: pathWith(url, { [name]: 'a%00b' }), expect: hasParamsSchema ? [400] : undefined });
    probes.push({ name: `301-character path parameter ${name}`, method, path: pathWith(url, { [name]: 'a'.repeat(301) }), expect: [414] });
    probes.push({ name: `malformed percent-encoding in path parameter ${name}`, method, path: pathWith(url, { [name]: '%E0%A4%A' }), expect: [400] });
  }
  if (params.length === 0) {
    probes.push({ name: 'malformed percent-encoding in the path', method, path: `${url}%E0%A4%A` });
  }

  const queryFields = findTextFields(route.schema.querystring);
  // (A lone surrogate cannot be percent-encoded as UTF-8: query strings get NUL and ESC.)
  for (const { path } of queryFields) {
    for (const text of ['a\u0000b', 'a\u001bb']) {
      probes.push({ name: `${JSON.stringify(text)} in query parameter ${path.join('.')}`, method, path: `${pathWith(url)}?${path.join('.')}=${encodeURIComponent(text)}`, expect: [400] });
    }
  }
  if (method === 'GET') {
    // A strict query schema refuses it; a route without one ignores it (only reads are asked without a body).
    probes.push({ name: 'NUL in an undeclared query parameter', method, path: `${pathWith(url)}?probe=a%00b`, allowSuccess: !isZod(route.schema.querystring) });
    // Malformed percent-escapes in the query (issue 26: `?x=%%%` was a 500 at the gateway): a 4xx, or ignored.
    for (const [name, query] of [
      ['malformed percent-encoding in an undeclared query parameter', 'probe=%E0%A4%A'],
      ['bare % signs in the query string', 'x=%%%'],
      ...queryFields.map(({ path }) => [`malformed percent-encoding in query parameter ${path.join('.')}`, `${path.join('.')}=%%%`]),
    ] as [string, string][]) {
      probes.push({ name, method, path: `${pathWith(url)}?${query}`, allowSuccess: true });
    }
  }

  if (BODY_METHODS.has(method)) {
    const base = sample ?? (sampleOf(route.schema.body) as Record<string, unknown> | undefined) ?? {};
    const fields = new Map<string, { path: string[]; list?: boolean }>();
    for (const { path, list } of findTextFields(route.schema.body)) fields.set(path.join('.'), { path, list });
    // Fields a schema reads as z.unknown() (hand-written parses) are text when the sample says so.
    for (const [key, value] of Object.entries(typeof base === 'object' && base ? base : {})) if (typeof value === 'string' && !fields.has(key)) fields.set(key, { path: [key] });
    const target = pathWith(url);
    for (const [name, { path, list }] of fields) {
      for (const text of ['a\u0000b', 'a\ud800']) {
        const body = structuredClone(base);
        setPath(body, path, list ? [text] : text);
        probes.push({ name: `${JSON.stringify(text)} in body field ${name}`, method, path: target, body: JSON.stringify(body), expect: hasBodySchema ? [400] : undefined });
      }
    }
    if (fields.size > 0) {
      const everyField = structuredClone(base);
      for (const { path, list } of fields.values()) setPath(everyField, path, list ? ['\u0000'] : '\u0000');
      probes.push({ name: 'NUL in every body field', method, path: target, body: JSON.stringify(everyField), expect: hasBodySchema ? [400] : undefined });
    }
    probes.push({ name: 'body starting with a UTF-8 byte-order mark', method, path: target, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(base))]), expect: [400] });
    probes.push({ name: 'body that is not JSON', method, path: target, body: '{"a":', expect: [400] });
    probes.push({ name: '10 MB JSON body', method, path: target, body: `{"probe":"${'x'.repeat(TEN_MB)}"}`, expect: [413] });
  }
  return probes;
}

/**
 * Sends every probe to every route, one at a time; resolves with each answer and what is wrong with it, if
 * anything. A route probes with random ids in its other path parameters, so a request that got past validation
 * would find nothing to change.
 */
export async function probeHostileInput(options: THostileProbeOptions): Promise<THostileAnswer[]> {
  const answers: THostileAnswer[] = [];
  for (const route of options.routes) {
    const token = options.tokenFor(route);
    const label = `${route.method} ${route.url}`;
    for (const probe of probesOf(route, options.samples?.[label])) {
      const headers: Record<string, string> = { ...options.headers?.[label] };
      if (token) headers.authorization = `Bearer ${token}`;
      if (probe.body !== undefined) headers['content-type'] = 'application/json';
      let status = 0;
      let problem: string | undefined;
      try {
        const response = await fetch(`${options.baseUrl}${probe.path}`, {
          method: probe.method,
          headers,
          body: probe.body,
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
        status = response.status;
        const text = await response.text();
        if (status >= 200 && status < 300 && probe.allowSuccess) {
          problem = undefined;
        } else if (status < 400 || status >= 500) {
          problem = `answered ${status}: ${text.slice(0, 200)}`;
        } else if (probe.expect && !probe.expect.includes(status)) {
          problem = `answered ${status}, expected ${probe.expect.join(' or ')}: ${text.slice(0, 200)}`;
        } else {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          const shaped = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' && typeof (body as { code?: unknown }).code === 'string';
          if (!shaped) problem = `answered ${status} without a {message, code} body: ${text.slice(0, 200)}`;
        }
      } catch (error) {
        problem = `no answer: ${(error as Error).message}${(error as { cause?: Error }).cause ? ` (${(error as { cause: Error }).cause.message})` : ''}`;
      }
      answers.push({ route: label, probe: probe.name, status, problem });
    }
  }
  return answers;
}

/**
 * Every table of the database's public schema with its row count and a digest of its content, to show that a
 * probe changed nothing (an UPDATE keeps the count but not the digest).
 */
export async function fingerprintTables(pool: { query(sql: string): Promise<{ rows: unknown[] }> }): Promise<Record<string, string>> {
  const { rows } = await pool.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
  const result: Record<string, string> = {};
  for (const { table_name: name } of rows as { table_name: string }[]) {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const { rows: digest } = await pool.query(`SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS d FROM ${quoted} t`);
    result[name] = (digest[0] as { d: string }).d;
  }
  return result;
}
