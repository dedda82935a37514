import diagnostics from 'node:diagnostics_channel';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * OpenTelemetry traces across every hop: HTTP in (createHttpServer) and out (fetch and the gateway's proxy, through
 * undici's diagnostics channels), PostgreSQL (pg's query), Redis (ioredis commands), RabbitMQ (the outbox keeps the
 * context of the request that wrote the event, the relay publishes it in the `traceparent` header, the consumer
 * continues from it) and BullMQ jobs. The request id is the `request.id` attribute of every span that has one.
 *
 * On only when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: then the SDK is loaded,
 * spans are batched and exported by OTLP/HTTP (JSON). Off, nothing is loaded, patched or subscribed, and every hook
 * here is skipped by one `tracer === undefined` check.
 */

let tracer: Tracer | undefined;
let flush: (() => Promise<void>) | undefined;

/** The tracer when tracing is on, else undefined (callers skip all work). */
export function activeTracer(): Tracer | undefined {
  return tracer;
}

export function tracingEnabled(): boolean {
  return tracer !== undefined;
}

/**
 * Starts tracing for this process if an OTLP endpoint is configured; resolves with a flush function (for stop),
 * or undefined when tracing stays off. Several services in one process (tests) share the first one's provider.
 */
export async function startTracing(service: string, env: NodeJS.ProcessEnv = process.env): Promise<(() => Promise<void>) | undefined> {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return undefined;
  if (tracer) return flush;
  const [{ BasicTracerProvider, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler }, { OTLPTraceExporter }, { resourceFromAttributes }, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
  ]);
  // OTEL_TRACES_SAMPLER_ARG: the share of new traces kept (default 1, all); a continued trace follows its caller's choice.
  const ratio = Number(env.OTEL_TRACES_SAMPLER_ARG ?? 1);
  const provider = new BasicTracerProvider({
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(Number.isFinite(ratio) ? Math.min(Math.max(ratio, 0), 1) : 1) }),
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME || service }),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter(), {
        scheduledDelayMillis: Number(env.OTEL_BSP_SCHEDULE_DELAY) || 1_000,
        maxQueueSize: Number(env.OTEL_BSP_MAX_QUEUE_SIZE) || 4_096,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  tracer = provider.getTracer('@platform/service-kit');
  flush = () => provider.forceFlush();
  instrumentPg(tracer);
  instrumentRedis(tracer);
  instrumentUndici(tracer);
  return flush;
}

/** The W3C trace context of the active span, as headers (`traceparent`, `tracestate`), or undefined. */
export function currentTraceHeaders(): Record<string, string> | undefined {
  if (!tracer || !trace.getSpan(context.active())) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** The context carried by headers (an HTTP request's, a message's), on top of nothing. */
export function contextFromHeaders(headers: Record<string, unknown> | undefined): Context {
  if (!headers) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, headers, {
    keys: (carrier) => Object.keys(carrier),
    get: (carrier, key) => {
      const value = carrier[key];
      return typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : undefined;
    },
  });
}

/**
 * Starts a span continuing the trace carried by `headers` (a stored event's context), and returns it with the headers
 * that carry the new span onward (a published message's). Undefined when tracing is off or nothing is carried.
 */
export function startSpanFromHeaders(
  name: string,
  kind: SpanKind,
  headers: Record<string, unknown> | undefined,
  attributes: Attributes,
): { span: Span; headers: Record<string, string> } | undefined {
  if (!tracer || !headers?.traceparent) return undefined;
  const parent = contextFromHeaders(headers);
  const span = tracer.startSpan(name, { kind, attributes }, parent);
  const carrier: Record<string, string> = {};
  propagation.inject(trace.setSpan(parent, span), carrier);
  return { span, headers: carrier };
}

/**
 * Runs fn in a new span (child of `parent`, default the active context), ended when fn settles; an error is
 * recorded and rethrown. Without tracing, fn runs as it is.
 */
export function withSpan<T>(name: string, options: { kind?: SpanKind; attributes?: Attributes; parent?: Context }, fn: (span: Span | undefined) => T): T {
  if (!tracer) return fn(undefined);
  const parent = options.parent ?? context.active();
  const span = tracer.startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent);
  const fail = (error: unknown) => {
    span.recordException(error as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
  };
  try {
    const result = context.with(trace.setSpan(parent, span), () => fn(span));
    if (result instanceof Promise) {
      return result.then(
        (value) => {
          span.end();
          return value;
        },
        (error: unknown) => {
          fail(error);
          span.end();
          throw error;
        },
      ) as T;
    }
    span.end();
    return result;
  } catch (error) {
    fail(error);
    span.end();
    throw error;
  }
}

/* ---- PostgreSQL: every query issued inside a traced piece of work. ---- */

function instrumentPg(t: Tracer): void {
  type TQuery = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: TQuery };
  const original = proto.query;
  proto.query = function tracedQuery(this: pg.Client, ...args: unknown[]) {
    const parent = context.active();
    if (!trace.getSpan(parent)) return original.apply(this, args);
    const config = args[0] as string | { text?: string; name?: string } | undefined;
    const text = typeof config === 'string' ? config : (config?.text ?? '');
    const operation = /^\s*([A-Za-z]+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
    const span = t.startSpan(
      `pg ${operation}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.namespace': this.database ?? '',
          'db.operation.name': operation,
          'db.query.text': text.length > 1_000 ? `${text.slice(0, 1_000)}...` : text,
          ...(typeof config === 'object' && config?.name ? { 'db.statement.name': config.name } : {}),
        },
      },
      parent,
    );
    const end = (error?: unknown) => {
      if (error) span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      span.end();
    };
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        end(error);
        return (last as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result instanceof Promise) result.then(() => end(), end);
    else end();
    return result;
  };
}

/* ---- Redis: each command sent inside a traced piece of work. ---- */

function instrumentRedis(t: Tracer): void {
  type TSend = (this: Redis, command: { name: string; promise: Promise<unknown> }, ...rest: unknown[]) => unknown;
  const proto = Redis.prototype as unknown as { sendCommand: TSend };
  const original = proto.sendCommand;
  proto.sendCommand = function tracedSendCommand(this: Redis, command, ...rest) {
    const parent = context.active();
    if (!trace.getSpan(parent) || !command?.promise) return original.call(this, command, ...rest);
    const span = t.startSpan(`redis ${command.name}`, { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'redis', 'db.operation.name': command.name } }, parent);
    command.promise.then(
      () => span.end(),
      (error: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        span.end();
      },
    );
    return original.call(this, command, ...rest);
  };
}

/* ---- HTTP out: fetch and the gateway's proxy (both undici) publish on these channels. ---- */

interface TUndiciRequest {
  method: string;
  origin: string | URL;
  path: string;
  addHeader(name: string, value: string): unknown;
}

function instrumentUndici(t: Tracer): void {
  const spans = new WeakMap<object, Span>();
  diagnostics.subscribe('undici:request:create', (message) => {
    const { request } = message as { request: TUndiciRequest };
    const parent = context.active();
    if (!trace.getSpan(parent)) return;
    const origin = String(request.origin);
    const span = t.startSpan(
      `${request.method} ${origin}`,
      { kind: SpanKind.CLIENT, attributes: { 'http.request.method': request.method, 'url.full': `${origin}${request.path.split('?')[0]}` } },
      parent,
    );
    const carrier: Record<string, string> = {};
    propagation.inject(trace.setSpan(parent, span), carrier);
    for (const [name, value] of Object.entries(carrier)) request.addHeader(name, value);
    spans.set(request, span);
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request, response } = message as { request: object; response: { statusCode: number } };
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', response.statusCode);
    if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  });
  diagnostics.subscribe('undici:request:trailers', (message) => {
    const { request } = message as { request: object };
    spans.get(request)?.end();
    spans.delete(request);
  });
  diagnostics.subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request: object; error: Error };
    const span = spans.get(request);
    if (!span) return;
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    span.end();
    spans.delete(request);
  });
}

export { SpanKind, SpanStatusCode, context as otelContext, trace as otelTrace };
