import httpProxy from '@fastify/http-proxy';
import {
  createHttpServer,
  createInternalServer,
  createLogger,
  createMetrics,
  createRedis,
  createTokenVerifier,
  listen,
  type TReadinessCheck,
  type TTokenVerifier,
} from '@platform/service-kit';
import type { TGatewayConfig } from './config.js';
import { registerFrontend, registerWelcomeVideo } from './frontend.js';
import { registerApiProxy, type TUpstreams } from './proxy.js';
import { createRateLimits } from './rate-limits.js';
import { registerSecurityHeaders } from './security-headers.js';
import { SERVICE_URL_VARIABLES, type TServiceName } from './routes.js';

export { ZGatewayConfigSchema, type TGatewayConfig } from './config.js';
export { ROUTES, resolveRoute, type TRouteEntry } from './routes.js';

export interface TGateway {
  url: string;
  /** /health, /ready and /metrics, for operators (INTERNAL_HOST:INTERNAL_PORT). */
  internalUrl: string;
  stop(): Promise<void>;
}

function upstreamsFrom(config: TGatewayConfig): TUpstreams {
  const upstreams: TUpstreams = {};
  for (const [service, variable] of Object.entries(SERVICE_URL_VARIABLES) as [TServiceName, keyof TGatewayConfig][]) {
    const value = config[variable];
    if (typeof value === 'string' && value) upstreams[service] = value.replace(/\/+$/, '');
  }
  return upstreams;
}

async function checkHealth(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(1_500) });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`health answered ${response.status}`);
}

/** The API gateway: route table, token check at the edge, rate limits, proxying (HTTP and WebSocket), frontend. */
export async function start(config: TGatewayConfig): Promise<TGateway> {
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  const metrics = createMetrics('gateway');
  const redis = createRedis(config.REDIS_URL, config.REDIS_PREFIX, { logger });
  let verifier: TTokenVerifier | undefined;
  try {
    verifier = await createTokenVerifier({
      publicKeyPem: config.JWT_PUBLIC_KEY,
      audience: config.JWT_AUDIENCE,
      issuer: config.JWT_ISSUER,
      redis,
      logger,
    });
    const upstreams = upstreamsFrom(config);
    const readiness: TReadinessCheck[] = [
      { name: 'redis', check: () => redis.ping() },
      ...Object.entries(upstreams).map(([service, url]) => ({ name: service, check: () => checkHealth(url) })),
    ];
    const internal = createInternalServer({ logger, metrics, readiness });
    const app = createHttpServer({
      logger,
      metrics,
      bodyLimit: config.JSON_BODY_LIMIT_BYTES,
      trustProxy: config.TRUST_PROXY,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
    });

    registerSecurityHeaders(app, { hsts: config.HSTS_ENABLED });
    await registerApiProxy(app, { config, upstreams, verifier, rateLimits: createRateLimits(redis, config) });

    if (upstreams.chat) {
      const chat = upstreams.chat;
      await app.register(async (ws) => {
        // The proxy plugin brings its own JSON parser; the socket carries no request body anyway.
        ws.removeAllContentTypeParsers();
        await ws.register(httpProxy, {
          upstream: chat,
          prefix: '/ws',
          rewritePrefix: '/ws',
          websocket: true,
          undici: { connections: 16, connectTimeout: config.UPSTREAM_CONNECT_TIMEOUT_MS, headersTimeout: config.UPSTREAM_TIMEOUT_MS },
          destroyAgent: true,
        });
      });
    }

    registerWelcomeVideo(app, config.WELCOME_VIDEO_FILE);
    await registerFrontend(app, config.FRONTEND_DIST);

    const internalUrl = await listen(internal, config.INTERNAL_HOST, config.INTERNAL_PORT);
    const url = await listen(app, config.HOST, config.PORT);
    logger.info({ url, internalUrl, upstreams }, 'gateway listening');
    return {
      url,
      internalUrl,
      async stop() {
        await app.close();
        await internal.close();
        await verifier?.stop();
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  } catch (error) {
    await verifier?.stop();
    redis.disconnect();
    throw error;
  }
}
