import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import replyFrom from '@fastify/reply-from';
import {
  AppError,
  bearerToken,
  COMMON_ERRORS,
  discardRefusedBody,
  hasBody,
  normaliseAddress,
  isJsonContentType,
  isMultipartContentType,
  JSON_MEDIA_TYPE,
  parseJsonBody,
  type TApp,
  type TTokenVerifier,
} from '@platform/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TGatewayConfig } from './config.js';
import type { TRateLimitOutcome, TRateLimits } from './rate-limits.js';
import { readRequestUrl } from './path.js';
import { requiresAdmin, resolveRoute, type TServiceName } from './routes.js';
import type { TUpstreamGroup } from './upstreams.js';

/** The instances of each routed service (a service not deployed has none: its prefixes answer 404). */
export type TUpstreams = Partial<Record<TServiceName, TUpstreamGroup>>;

/** Errors that mean the request never reached the instance: another instance may take it. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENOTFOUND', 'UND_ERR_CONNECT_TIMEOUT']);

function connectFailed(error: Error & { code?: string; cause?: unknown }): boolean {
  return CONNECT_FAILURES.has(error.code ?? '') || CONNECT_FAILURES.has((error.cause as { code?: string } | undefined)?.code ?? '');
}

/** Identity and forwarding headers only the gateway may set: whatever a client sends under these names is dropped. */
const CLIENT_HEADERS_DROPPED = /^(x-user-|x-auth-|x-internal-|x-forwarded-|x-real-ip$|x-client-ip$|forwarded$)/i;

export function forwardedHeaders(request: FastifyRequest, incoming: IncomingHttpHeaders): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (!CLIENT_HEADERS_DROPPED.test(name)) headers[name] = value;
  }
  headers['x-request-id'] = request.id;
  // One spelling per address (an IPv6 address in RFC 5952 form), so the services compare addresses, not text.
  headers['x-forwarded-for'] = normaliseAddress(request.ip);
  headers['x-forwarded-proto'] = request.protocol;
  if (request.host) headers['x-forwarded-host'] = request.host;
  return headers;
}

/** Past this size a refused body is not drained: the connection is closed after the 413 instead. */
const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

function bodyTooLarge(reply: FastifyReply, size: number): AppError {
  if (!(size <= DRAIN_LIMIT_BYTES)) void reply.header('connection', 'close');
  return COMMON_ERRORS.tooLarge();
}

/**
 * Reads a whole body up to `limit` bytes. Past the limit it stops keeping the bytes but lets the rest drain, so the
 * 413 reaches a client that is still sending and its keep-alive connection stays usable.
 */
function readBody(stream: Readable, limit: number, reply: FastifyReply, declared: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onData = (chunk: Buffer | string) => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      size += buffer.length;
      if (size > limit) {
        cleanup();
        stream.on('error', () => undefined);
        stream.resume();
        reject(bodyTooLarge(reply, Number.isFinite(declared) && declared > 0 ? declared : Number.POSITIVE_INFINITY));
        return;
      }
      chunks.push(buffer);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = () => {
      cleanup();
      reject(new AppError('REQUEST.BODY_INCOMPLETE', 400, 'The request body could not be read'));
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
  });
}

const UPLOAD_NOT_MULTIPART = () => new AppError('REQUEST.UNSUPPORTED_MEDIA_TYPE', 415, 'Uploads must be sent as multipart/form-data');

const badGateway = () => new AppError('GATEWAY.BAD_GATEWAY', 502, 'The service sent an invalid answer. Please try again shortly.');

/** What the client hears when the owning service cannot answer: JSON, never a hang. */
export function upstreamFailure(error: Error & { statusCode?: number; cause?: unknown }): AppError {
  const cause = error.cause as { code?: string } | undefined;
  if (error.statusCode === 504 && cause?.code !== 'UND_ERR_CONNECT_TIMEOUT') {
    return new AppError('GATEWAY.UPSTREAM_TIMEOUT', 504, 'The service took too long to answer. Please try again.');
  }
  const unreachable = ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ECONNRESET', 'UND_ERR_SOCKET'];
  if (error.statusCode === 503 || unreachable.includes(cause?.code ?? '') || unreachable.includes((error as { code?: string }).code ?? '')) {
    return COMMON_ERRORS.unavailable('The service is temporarily unavailable. Please try again shortly.');
  }
  return badGateway();
}

/** What reply-from hands to onResponse: the service's status, headers (already copied to the reply) and body. */
interface TUpstreamAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  stream: Readable;
}

/** Answers up to this size (by their Content-Length) are read whole and sent in one write. */
const BUFFERED_ANSWER_BYTES = 64 * 1024;

/**
 * Sends the service's answer on. A small one with a declared length (nearly every API answer) is read whole first
 * and written with its headers in one go: no stream pipe per request (5-9% of the gateway's CPU per request in
 * paired rounds of bench/gateway.bench.ts's load), and a body that breaks off is a clean 502 instead of a cut connection. Anything else
 * (an upload's answer, a file, no declared length) streams as it comes.
 */
function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: TUpstreamAnswer): void {
  const length = Number(answer.headers['content-length']);
  const bodiless = request.method === 'HEAD' || answer.statusCode === 204 || answer.statusCode === 304;
  if (bodiless) {
    // Nothing to send but the headers (the service's Content-Length of a HEAD stays): no payload, so nothing for
    // the compression to encode either.
    answer.stream.resume();
    void reply.send();
    return;
  }
  if (!(length > 0 && length <= BUFFERED_ANSWER_BYTES)) {
    void reply.send(answer.stream);
    return;
  }
  const chunks: Buffer[] = [];
  answer.stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  answer.stream.once('end', () => void reply.send(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
  answer.stream.once('error', (error: Error) => {
    request.log.warn({ err: error }, 'the service broke off its answer');
    void reply.send(badGateway());
  });
}

/** API answers smaller than this are sent as they are: compressing them saves too little for the CPU it costs. */
export const API_COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Cheap levels: brotli quality 3 with a 256 KiB window (an API answer is far smaller; the default 4 MiB window is
 * mostly allocation), gzip level 3. Static files are compressed at the build, at the highest levels.
 */
const API_COMPRESSION = {
  threshold: API_COMPRESSION_THRESHOLD_BYTES,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3, [zlibConstants.BROTLI_PARAM_LGWIN]: 18 } },
  zlibOptions: { level: 3 },
  // An answer the gateway holds whole (up to BUFFERED_ANSWER_BYTES) is compressed in one synchronous call (about
  // 30 us for 9 KiB at these levels); a stream per answer cost the gateway 1 ms of CPU per 9 KiB GET in
  // bench/gateway.bench.ts (the plugin's default on two cores streams everything above 8 KiB).
  syncThreshold: BUFFERED_ANSWER_BYTES,
  // Request bodies are passed on as they come: a compressed upload is the service's to refuse.
  globalDecompression: false,
} as const;

export interface TApiProxyOptions {
  config: TGatewayConfig;
  upstreams: TUpstreams;
  verifier: TTokenVerifier;
  rateLimits: TRateLimits;
}

/**
 * Everything under /api (and /assets/welcome-video): normalise the path, resolve the owning service in the route table, check the token (and
 * the admin role) at the edge, apply the account rate limits, then send the request to the service over a
 * keep-alive pool. Bodies are read whole up to the JSON limit (uploads are streamed); only the body of a
 * rate-limited route is parsed, to count its account.
 */
export async function registerApiProxy(app: TApp, options: TApiProxyOptions): Promise<void> {
  const { config, upstreams, verifier, rateLimits } = options;

  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    // Answers of API_COMPRESSION_THRESHOLD_BYTES and more, in an encoding the client accepts (br, then gzip);
    // `Vary: Accept-Encoding` on those. An answer the service already encoded, or a 206, is left as it is.
    await api.register(fastifyCompress, { ...API_COMPRESSION, encodings: [...API_COMPRESSION.encodings] });
    await api.register(replyFrom, {
      undici: {
        connections: config.UPSTREAM_CONNECTIONS,
        pipelining: 1,
        keepAliveTimeout: 30_000,
        connectTimeout: config.UPSTREAM_CONNECT_TIMEOUT_MS,
        headersTimeout: config.UPSTREAM_TIMEOUT_MS,
        bodyTimeout: config.UPSTREAM_TIMEOUT_MS,
      },
      destroyAgent: true,
      disableRequestLogging: true,
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      // Decide on the path the service will see, and send it exactly that path.
      const { path, query } = readRequestUrl(request.url);
      const entry = resolveRoute(path);
      const group = entry && upstreams[entry.service];
      if (!entry || !group) throw COMMON_ERRORS.notFound(`Route ${request.method} ${path} not found`, 'route');

      const bodyLimit = entry.body === 'upload' ? config.UPLOAD_BODY_LIMIT_BYTES : config.JSON_BODY_LIMIT_BYTES;
      const declaredLength = Number(request.headers['content-length'] ?? 0);
      if (declaredLength > bodyLimit) throw bodyTooLarge(reply, declaredLength);

      const admin = requiresAdmin(path, entry);
      if (entry.access !== 'public' || admin) {
        const token = bearerToken(request);
        if (!token) throw COMMON_ERRORS.unauthenticated();
        request.authUser = await verifier.verify(token);
        if (admin && request.authUser.role !== 'admin') throw COMMON_ERRORS.forbidden('Admin access required');
      }

      // An upload route takes multipart/form-data only: any other body is answered 415 here, before a byte of it is
      // read or forwarded, and what is left of it is discarded (up to 16 MiB) or the connection closed (issue 26).
      if (entry.body === 'upload' && hasBody(request) && !isMultipartContentType(request.headers['content-type'])) {
        discardRefusedBody(request, reply);
        throw UPLOAD_NOT_MULTIPART();
      }

      // Every body but an upload is small: read it whole here (413 past the limit), and forward the bytes read.
      const readWhole = request.body && entry.body !== 'upload' && request.method !== 'GET' && request.method !== 'HEAD';
      let body = readWhole ? await readBody(request.body as Readable, bodyLimit, reply, declaredLength) : undefined;
      let contentType = request.headers['content-type'];
      let limited: TRateLimitOutcome | undefined;
      if (entry.rateLimit && request.method === 'POST') {
        // The account is read the way the service reads the body (service-kit json-body.ts); a body that cannot be
        // read is refused here, never passed on uncounted. The service is sent the JSON the gateway counted.
        if (!isJsonContentType(contentType)) throw COMMON_ERRORS.unsupportedMediaType();
        const parsed = parseJsonBody(body ?? Buffer.alloc(0));
        limited = await rateLimits.consume(entry.rateLimit, request.ip, parsed);
        body = Buffer.from(JSON.stringify(parsed));
        contentType = JSON_MEDIA_TYPE;
      }

      // A request whose connection was refused reached no instance: it goes once to another one, if the body can be
      // sent again (everything but an upload stream). A request that reached one is never sent twice.
      let attemptsLeft = entry.body === 'upload' ? 0 : Math.min(group.urls.length, 2) - 1;
      const send = (rep: FastifyReply, upstream: string): FastifyReply =>
        rep.from(`${upstream}${path}${query}`, {
          ...(body ? { body, contentType: contentType ?? 'application/octet-stream' } : {}),
          rewriteRequestHeaders: (req, headers) => forwardedHeaders(req as FastifyRequest, headers as IncomingHttpHeaders),
          // Never retry on our own (a 503 from a service is passed on as it is).
          retryDelay: () => null,
          onError: (failed, { error }) => {
            if (connectFailed(error)) {
              group.markDown(upstream);
              if (attemptsLeft > 0) {
                attemptsLeft -= 1;
                const other = group.pick();
                if (other !== upstream) {
                  request.log.warn({ err: error, service: entry.service, upstream, retriedOn: other }, 'upstream refused the connection');
                  void send(failed as FastifyReply, other);
                  return;
                }
              }
            }
            request.log.warn({ err: error, service: entry.service, upstream }, 'upstream failed');
            // An upload the service stopped reading: the rest of the client's body is discarded (bounded) or the
            // connection closed, so the client hears the answer and nothing stalls.
            if (entry.body === 'upload') discardRefusedBody(request, failed as FastifyReply);
            void failed.send(upstreamFailure(error));
          },
          onResponse: (req, rep, res) => {
            if (limited && rep.statusCode >= 200 && rep.statusCode < 300) {
              limited.onSuccess().catch((err: unknown) => req.log.warn({ err }, 'could not clear the rate limit'));
            }
            sendAnswer(req as FastifyRequest, rep as FastifyReply, res as unknown as TUpstreamAnswer);
          },
        });
      return send(reply, group.pick());
    };

    api.all('/api', handler);
    api.all('/api/*', handler);
    // The one path outside /api the table routes: the welcome video, sent by the admin service (ranges and
    // revalidation pass through; a 206 or a video is never compressed).
    api.get('/assets/welcome-video', handler);
  });
}
