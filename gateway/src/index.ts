import {
  createHttpServer,
  createInternalServer,
  createLogger,
  createMetrics,
  createRedis,
  createTokenVerifier,
  listen,
  type Logger,
  type TReadinessCheck,
  type TTokenVerifier,
} from '@platform/service-kit';
import { registerApiDocs } from './api-docs.js';
import type { TGatewayConfig } from './config.js';
import { createPlatformNameSource } from './branded-index.js';
import { registerFrontend } from './frontend.js';
import { registerApiProxy, type TUpstreams } from './proxy.js';
import { createRateLimits } from './rate-limits.js';
import { registerSecurityHeaders } from './security-headers.js';
import { SERVICE_URL_VARIABLES, type TServiceName } from './routes.js';
import { createUpstreamGroup, defaultHealthCheck } from './upstreams.js';
import { registerSocketProxy } from './websocket.js';

export { ZGatewayConfigSchema, type TGatewayConfig } from './config.js';
export { ROUTES, resolveRoute, type TRouteEntry } from './routes.js';

export interface TGateway {
  url: string;
  /** /health, /ready and /metrics, for operators (INTERNAL_HOST:INTERNAL_PORT). */
  internalUrl: string;
  stop(): Promise<void>;
}

function upstreamsFrom(config: TGatewayConfig, logger: Logger): TUpstreams {
  const upstreams: TUpstreams = {};
  for (const [service, variable] of Object.entries(SERVICE_URL_VARIABLES) as [TServiceName, keyof TGatewayConfig][]) {
    const urls = config[variable] as string[] | undefined;
    if (urls?.length) upstreams[service] = createUpstreamGroup(service, urls, { logger, checkIntervalMs: config.UPSTREAM_CHECK_INTERVAL_MS });
  }
  return upstreams;
}

/** The API gateway: route table, token check at the edge, rate limits, proxying (HTTP and WebSocket), frontend. */
export async function start(config: TGatewayConfig): Promise<TGateway> {
  const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
  const metrics = createMetrics('gateway');
  const redis = createRedis(config.REDIS_URL, config.REDIS_PREFIX, { logger });
  let verifier: TTokenVerifier | undefined;
  let upstreams: TUpstreams = {};
  const stopUpstreams = () => Object.values(upstreams).forEach((group) => group.stop());
  try {
    verifier = await createTokenVerifier({
      publicKeyPem: config.JWT_PUBLIC_KEY,
      audience: config.JWT_AUDIENCE,
      issuer: config.JWT_ISSUER,
      redis,
      logger,
    });
    upstreams = upstreamsFrom(config, logger);
    // Ready while every service has at least one instance answering.
    const readiness: TReadinessCheck[] = [
      { name: 'redis', check: () => redis.ping() },
      ...Object.values(upstreams).map((group) => ({ name: group.service, check: () => Promise.any(group.urls.map(defaultHealthCheck)).then(() => undefined) })),
    ];
    const internal = createInternalServer({ logger, metrics, readiness });
    const app = createHttpServer({
      logger,
      metrics,
      bodyLimit: config.JSON_BODY_LIMIT_BYTES,
      trustProxy: config.TRUST_PROXY,
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      requestContext: false,
    });

    registerSecurityHeaders(app, { hsts: config.HSTS_ENABLED });
    const rateLimits = createRateLimits(redis, config);
    await registerApiProxy(app, { config, upstreams, verifier, rateLimits });
    // /api/docs and /api/docs/openapi.json: answered here, assembled from every service's own document.
    registerApiDocs(app, { upstreams });

    if (upstreams.chat) {
      // /ws: each new socket goes to the next chat instance (a message reaches every instance's sockets over Redis),
      // with the gateway's own limits on frames, upgrades and sockets (websocket.ts).
      registerSocketProxy(app, {
        chat: upstreams.chat,
        verifier,
        rateLimits,
        connectTimeoutMs: config.UPSTREAM_CONNECT_TIMEOUT_MS,
        logger,
        limits: {
          maxPayloadBytes: config.WS_MAX_PAYLOAD_BYTES,
          maxSocketsPerAddress: config.WS_MAX_SOCKETS_PER_ADDRESS,
          maxPendingPerAddress: config.WS_MAX_PENDING_PER_ADDRESS,
          maxSocketsPerUser: config.WS_MAX_SOCKETS_PER_USER,
        },
      });
    }

    // The first paint names the platform as System Settings do (issue 28): read from admin, at most a minute old.
    await registerFrontend(app, config.FRONTEND_DIST, createPlatformNameSource(upstreams.admin));

    const internalUrl = await listen(internal, config.INTERNAL_HOST, config.INTERNAL_PORT);
    const url = await listen(app, config.HOST, config.PORT, config.LISTEN_FD);
    logger.info({ url, internalUrl, upstreams: Object.fromEntries(Object.values(upstreams).map((g) => [g.service, g.urls])) }, 'gateway listening');
    return {
      url,
      internalUrl,
      async stop() {
        await app.close();
        await internal.close();
        stopUpstreams();
        await verifier?.stop();
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  } catch (error) {
    stopUpstreams();
    await verifier?.stop();
    redis.disconnect();
    throw error;
  }
}
