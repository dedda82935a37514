import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

/**
 * Tests only: an OTLP/HTTP trace receiver (JSON encoding, as @opentelemetry/exporter-trace-otlp-http sends it) on
 * a real port. Point OTEL_EXPORTER_OTLP_ENDPOINT at `url` and read the spans every process exported.
 */
export interface TCollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** 1 internal, 2 server, 3 client, 4 producer, 5 consumer (OTLP SpanKind). */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** 2 = error. */
  status: number | undefined;
}

export interface TTraceCollector {
  url: string;
  spans(): TCollectedSpan[];
  /** The spans of one trace. */
  trace(traceId: string): TCollectedSpan[];
  /** Whether `span` descends from `ancestor` (through parent ids of collected spans). */
  descendsFrom(span: TCollectedSpan, ancestor: TCollectedSpan): boolean;
  stop(): Promise<void>;
}

type TOtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
type TOtlpAttribute = { key: string; value: TOtlpValue };

function valueOf(value: TOtlpValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.boolValue !== undefined) return value.boolValue;
  return value.doubleValue ?? '';
}

function attributesOf(list: TOtlpAttribute[] | undefined): Record<string, string | number | boolean> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, valueOf(value)]));
}

export async function startTraceCollector(): Promise<TTraceCollector> {
  const collected: TCollectedSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        let body = Buffer.concat(chunks);
        if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
        if (request.url === '/v1/traces' && String(request.headers['content-type']).startsWith('application/json')) {
          const payload = JSON.parse(body.toString('utf8')) as {
            resourceSpans?: { resource?: { attributes?: TOtlpAttribute[] }; scopeSpans?: { spans?: Record<string, unknown>[] }[] }[];
          };
          for (const resourceSpans of payload.resourceSpans ?? []) {
            const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
            for (const scope of resourceSpans.scopeSpans ?? []) {
              for (const span of scope.spans ?? []) {
                collected.push({
                  service,
                  traceId: String(span.traceId),
                  spanId: String(span.spanId),
                  parentSpanId: span.parentSpanId ? String(span.parentSpanId) : undefined,
                  name: String(span.name),
                  kind: Number(span.kind),
                  attributes: attributesOf(span.attributes as TOtlpAttribute[]),
                  status: (span.status as { code?: number } | undefined)?.code,
                });
              }
            }
          }
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
          return;
        }
        response.writeHead(415).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('collector has no TCP address');
  const byId = () => new Map(collected.map((s) => [s.spanId, s]));
  return {
    url: `http://127.0.0.1:${address.port}`,
    spans: () => [...collected],
    trace: (traceId) => collected.filter((s) => s.traceId === traceId),
    descendsFrom(span, ancestor) {
      const spans = byId();
      let current: TCollectedSpan | undefined = span;
      for (let hops = 0; current && hops < 100; hops += 1) {
        if (current.parentSpanId === ancestor.spanId) return true;
        current = current.parentSpanId ? spans.get(current.parentSpanId) : undefined;
      }
      return false;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
