import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import { AppError, bearerToken, COMMON_ERRORS, type TApp, type TTokenVerifier } from '@platform/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TGatewayConfig } from './config.js';
import { RateLimitedError, type TRateLimitOutcome, type TRateLimits } from './rate-limits.js';
import { pathOf, requiresAdmin, resolveRoute, type TServiceName } from './routes.js';

export type TUpstreams = Partial<Record<TServiceName, string>>;

/** Identity and forwarding headers only the gateway may set: whatever a client sends under these names is dropped. */
const CLIENT_HEADERS_DROPPED = /^(x-user-|x-auth-|x-internal-|x-forwarded-|x-real-ip$|x-client-ip$|forwarded$)/i;

/** Bodies of the rate-limited account routes are small JSON; a copy is read to find the account. */
const ACCOUNT_ROUTE_BODY_LIMIT = 64 * 1024;

export function forwardedHeaders(request: FastifyRequest, incoming: IncomingHttpHeaders): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (!CLIENT_HEADERS_DROPPED.test(name)) headers[name] = value;
  }
  headers['x-request-id'] = request.id;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  if (request.host) headers['x-forwarded-host'] = request.host;
  return headers;
}

async function readSmallBody(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limit) throw COMMON_ERRORS.tooLarge();
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

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
  return new AppError('GATEWAY.BAD_GATEWAY', 502, 'The service sent an invalid answer. Please try again shortly.');
}

export interface TApiProxyOptions {
  config: TGatewayConfig;
  upstreams: TUpstreams;
  verifier: TTokenVerifier;
  rateLimits: TRateLimits;
}

/**
 * Everything under /api: resolve the owning service in the route table, check the token (and the admin role)
 * at the edge, apply the account rate limits, then stream the request to the service over a keep-alive pool.
 * Bodies are never parsed here (the one exception is a copy of the small JSON body of a rate-limited route).
 */
export async function registerApiProxy(app: TApp, options: TApiProxyOptions): Promise<void> {
  const { config, upstreams, verifier, rateLimits } = options;

  await app.register(async (api) => {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
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
      const path = pathOf(request.url);
      const entry = resolveRoute(path);
      const upstream = entry && upstreams[entry.service];
      if (!entry || !upstream) throw COMMON_ERRORS.notFound(`Route ${request.method} ${path} not found`);

      const declaredLength = Number(request.headers['content-length'] ?? 0);
      if (declaredLength > config.BODY_LIMIT_BYTES) throw COMMON_ERRORS.tooLarge();

      const admin = requiresAdmin(path, entry);
      if (entry.access !== 'public' || admin) {
        const token = bearerToken(request);
        if (!token) throw COMMON_ERRORS.unauthenticated();
        request.authUser = await verifier.verify(token);
        if (admin && request.authUser.role !== 'admin') throw COMMON_ERRORS.forbidden('Admin access required');
      }

      let body: Buffer | undefined;
      let limited: TRateLimitOutcome | undefined;
      if (entry.rateLimit && request.method === 'POST') {
        body = request.body ? await readSmallBody(request.body as Readable, ACCOUNT_ROUTE_BODY_LIMIT) : undefined;
        try {
          limited = await rateLimits.consume(entry.rateLimit, request.ip, body);
        } catch (error) {
          if (error instanceof RateLimitedError) void reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        }
      }

      return reply.from(`${upstream}${request.url}`, {
        ...(body ? { body, contentType: request.headers['content-type'] ?? 'application/octet-stream' } : {}),
        rewriteRequestHeaders: (req, headers) => forwardedHeaders(req as FastifyRequest, headers as IncomingHttpHeaders),
        // Never retry on our own (a 503 from a service is passed on as it is).
        retryDelay: () => null,
        onError: (rep, { error }) => {
          request.log.warn({ err: error, service: entry.service }, 'upstream failed');
          void rep.send(upstreamFailure(error));
        },
        ...(limited
          ? {
              onResponse: (req, rep, res) => {
                if (rep.statusCode >= 200 && rep.statusCode < 300) {
                  limited.onSuccess().catch((err: unknown) => req.log.warn({ err }, 'could not clear the rate limit'));
                }
                void rep.send(res.stream);
              },
            }
          : {}),
      });
    };

    api.all('/api', handler);
    api.all('/api/*', handler);
  });
}
