import { randomUUID } from 'node:crypto';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { runWithContext } from './context.js';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './errors.js';
import { JSON_MEDIA_TYPE, parseJsonBody } from './json-body.js';
import type { Logger } from './logger.js';
import type { TMetrics } from './metrics.js';
import { buildOpenApiDocument, OPENAPI_PATH, recordRoutes, type TOpenApiDocument } from './openapi.js';
import { activeTracer, contextFromHeaders, otelContext, otelTrace, SpanKind, SpanStatusCode } from './tracing.js';
import type { Span } from '@opentelemetry/api';

export type TApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A readiness check: resolves when the dependency answers, throws otherwise. */
export type TReadinessCheck = { name: string; check: () => Promise<unknown> };

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,100}$/;

export interface TCreateHttpServerOptions {
  logger: Logger;
  metrics: TMetrics;
  /** Largest JSON body accepted; bigger ones get 413. */
  bodyLimit?: number;
  /** Trust X-Forwarded-For from the gateway (services) or the load balancer in front (gateway). Default: nobody. */
  trustProxy?: boolean | string | string[];
  /** Longest time to receive a whole request, body included (the gateway allows slow uploads). Default 60 s. */
  requestTimeout?: number;
  /**
   * Paths starting with one of these answer `cache-control: no-store` unless the route set its own: API answers are
   * per-user and current, never for a shared or browser cache. Services get SERVICE_NO_STORE_PREFIXES from the
   * runtime; default none (the gateway serves the app's assets with their own caching).
   */
  noStorePrefixes?: readonly string[];
  /**
   * Serve this server's OpenAPI document at OPENAPI_PATH (`/internal/openapi.json`) under this service name, built
   * from the route table's zod schemas (openapi.ts). The gateway assembles the services' documents at /api/docs.
   */
  openApiService?: string;
  /**
   * Run each request in the request context (context.ts: the request id for log lines and the outbox's correlation
   * id). Default on. The gateway turns it off: it writes no events, its log lines carry the id through request.log,
   * and on Node 20 the first AsyncLocalStorage.run turns on async hooks for every promise of the process (15% of the
   * gateway's busy time in bench/gateway.bench.ts's profile, 0.3% without; its CPU per request did not measurably
   * change, bench/README.md).
   */
  requestContext?: boolean;
}

/** What a service never lets a cache keep: its public API and its internal API for other services. */
export const SERVICE_NO_STORE_PREFIXES = ['/api/', '/internal/'] as const;

/**
 * The HTTP server every service and the gateway start from: zod validation, `{message, code}` errors, request id
 * carried from the x-request-id header (or made here), JSON logs, request metrics and /health. /ready and /metrics
 * are on the internal server (createInternalServer), not here.
 */
export function createHttpServer(options: TCreateHttpServerOptions): TApp {
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimit ?? 100 * 1024,
    trustProxy: options.trustProxy ?? false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Fastify's two lines per request (each serialising the request) cost more than the proxying itself at the
    // gateway: one short line per answer instead (below), at debug for success, and failures logged by the error
    // handler (4xx at info, 5xx at error).
    logController: new LogController({ disableRequestLogging: true }),
    connectionTimeout: 30_000,
    requestTimeout: options.requestTimeout ?? 60_000,
    // Router and HTTP-parser refusals (bad percent-encoding, a too-long path parameter, malformed HTTP) in our shape.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>() as unknown as TApp;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const documented = recordRoutes(app);
  registerErrorHandling(app);
  // JSON bodies are read exactly as the gateway reads them (json-body.ts): no BOM, valid UTF-8, no proto keys.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  // With tracing on (tracing.ts), each request is a server span continuing the caller's trace (traceparent header).
  const tracer = activeTracer();
  const withContext = options.requestContext ?? true;
  const serverSpans = new WeakMap<object, Span>();
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    if (!tracer) return withContext ? runWithContext({ requestId: request.id }, done) : done();
    const parent = contextFromHeaders(request.headers);
    const route = request.routeOptions.url ?? 'unmatched';
    const span = tracer.startSpan(
      `${request.method} ${route}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method, 'http.route': route, 'url.path': request.url.split('?')[0], 'request.id': request.id } },
      parent,
    );
    serverSpans.set(request, span);
    otelContext.with(otelTrace.setSpan(parent, span), () => (withContext ? runWithContext({ requestId: request.id }, done) : done()));
  });
  const noStorePrefixes = options.noStorePrefixes ?? [];
  if (noStorePrefixes.length > 0) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!reply.hasHeader('cache-control') && noStorePrefixes.some((prefix) => request.url.startsWith(prefix))) void reply.header('cache-control', 'no-store');
      return payload;
    });
  }
  app.addHook('onResponse', (request, reply, done) => {
    const span = tracer && serverSpans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    options.metrics.httpDuration
      .labels(request.method, request.routeOptions.url ?? 'unmatched', String(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
    if (options.logger.isLevelEnabled('debug')) {
      request.log.debug({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
    }
    done();
  });

  app.get('/health', { logLevel: 'silent' }, async () => ({ status: 'ok' }));
  const service = options.openApiService;
  if (service) {
    let document: TOpenApiDocument | undefined;
    // Built once, on first request: every route is registered by then (none can be added after listen).
    app.get(OPENAPI_PATH, { logLevel: 'silent' }, async () => (document ??= buildOpenApiDocument(service, documented)));
  }
  return app;
}

export interface TInternalServerOptions {
  logger: Logger;
  metrics: TMetrics;
  readiness: TReadinessCheck[];
}

/**
 * The operational endpoints, on an internal port of their own (INTERNAL_HOST:INTERNAL_PORT), never on the port
 * the public or the gateway reaches: /health (alive), /ready (each dependency, 503 naming the one that is down)
 * and /metrics (Prometheus). Operators point probes and Prometheus here.
 */
export function createInternalServer(options: TInternalServerOptions): TApp {
  const app = Fastify({ loggerInstance: options.logger, forceCloseConnections: true }).withTypeProvider<ZodTypeProvider>() as unknown as TApp;
  registerErrorHandling(app);
  app.get('/health', { logLevel: 'silent' }, async () => ({ status: 'ok' }));
  app.get('/ready', { logLevel: 'silent' }, async (_request, reply) => {
    const results = await Promise.all(
      options.readiness.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), 2_000);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, `down: ${(error as Error).message}`] as const;
        }
      }),
    );
    const ready = results.every(([, status]) => status === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) });
  });
  app.get('/metrics', { logLevel: 'silent' }, async (_request, reply) => {
    return reply.header('content-type', options.metrics.registry.contentType).send(await options.metrics.scrape());
  });
  return app;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]);
}

/**
 * Listens and returns the base URL with the port actually bound (port 0 lets the system pick a free one, as the
 * tests and the local stack do); with `fd`, on that inherited listening socket instead (LISTEN_FD).
 */
export async function listen(app: TApp, host: string, port: number, fd?: number): Promise<string> {
  // Fastify passes the options to node's server.listen(), which takes an inherited socket as `{ fd }`.
  await app.listen(fd === undefined ? { host, port } : ({ host, fd } as { host: string }));
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no TCP address');
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
