import { ZBaseConfigSchema } from '@platform/service-kit';
import { z } from 'zod';
import { parseUpstreamList } from './upstreams.js';

/** A limit written `points/duration`, e.g. `20/15m`, `10/1h`, `5/30s`. */
export const ZRateLimitSchema = z
  .string()
  .regex(/^\d+\/\d+[smh]$/, 'Write a rate limit as points/duration, e.g. 20/15m, 10/1h')
  .transform((value) => {
    const [points, duration] = value.split('/') as [string, string];
    const unit = duration.slice(-1);
    const seconds = Number(duration.slice(0, -1)) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1);
    return { points: Number(points), durationSeconds: seconds };
  })
  .refine((l) => l.points > 0 && l.durationSeconds > 0, 'A rate limit needs at least one point and a duration');
export type TRateLimit = z.infer<typeof ZRateLimitSchema>;

/**
 * A service's base URL, or several separated by commas (its instances: the gateway balances over them, see
 * upstreams.ts), e.g. `http://chat-1:4004,http://chat-2:4004`.
 */
const ZUpstreamListSchema = z
  .string()
  .transform(parseUpstreamList)
  .pipe(z.array(z.url({ message: 'Each upstream must be an http(s) URL' })).min(1, 'Give at least one upstream URL'));
const ZOptionalUpstreamListSchema = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), ZUpstreamListSchema.optional());

/** The gateway has no database and no broker: the shared settings minus those, plus upstreams and limits. */
export const ZGatewayConfigSchema = ZBaseConfigSchema.omit({
  DATABASE_URL: true,
  RABBITMQ_URL: true,
  EVENTS_EXCHANGE: true,
  QUEUE_PREFIX: true,
  INTERNAL_API_TIMEOUT_MS: true,
}).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  AUTH_SERVICE_URL: ZUpstreamListSchema,
  ADMIN_SERVICE_URL: ZUpstreamListSchema,
  /** Optional while a service is not deployed: its prefixes then answer 404. */
  WORK_SERVICE_URL: ZOptionalUpstreamListSchema,
  PAYOUTS_SERVICE_URL: ZOptionalUpstreamListSchema,
  /** Optional: without it `/ws` answers 404. Usually several instances (the socket's messages fan out over Redis). */
  CHAT_SERVICE_URL: ZOptionalUpstreamListSchema,
  /** How often the instances of a service with more than one are health-checked (taken out and put back). */
  UPSTREAM_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).default(1_000),
  /** The built frontend (a folder with index.html); without it `/` shows a placeholder page. */
  FRONTEND_DIST: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** Largest body on every route but the upload routes (JSON): read whole by the gateway, 413 past it. */
  JSON_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  /** Largest body on the upload routes (marked `body: 'upload'` in routes.ts), streamed to the service. */
  UPLOAD_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(520 * 1024 * 1024),
  /** Send Strict-Transport-Security: set it when the stack is served over HTTPS (TLS ends at a proxy in front). */
  HSTS_ENABLED: z.stringbool().default(false),
  /** Longest time a client may take to send a whole request (large uploads on slow links). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  /** How long an upstream may take to answer (headers) or to send the next body chunk. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Largest frame a /ws client may send: chat's WS_MAX_PAYLOAD_BYTES (keep them equal). A bigger one closes the socket (1009) as its header arrives. */
  WS_MAX_PAYLOAD_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024).default(16 * 1024),
  /** /ws sockets open at once from one client address, per gateway instance: the next upgrade is refused with 429. */
  WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  /** /ws sockets from one address not yet authenticated, per gateway instance: the next upgrade is refused with 429. */
  WS_MAX_PENDING_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Authenticated /ws sockets of one user, per gateway instance: the next one is closed with 4429. */
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(10),
  /** Keep-alive connections kept per upstream. */
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).default(128),
  RATE_LIMIT_LOGIN_PER_ADDRESS: ZRateLimitSchema.prefault('20/15m'),
  /** Failed logins of one account from one address. */
  RATE_LIMIT_LOGIN_PER_ACCOUNT_AND_ADDRESS: ZRateLimitSchema.prefault('10/15m'),
  /** Failed logins of one account from all addresses together: the ceiling against distributed guessing. */
  RATE_LIMIT_LOGIN_PER_ACCOUNT: ZRateLimitSchema.prefault('100/1h'),
  RATE_LIMIT_REGISTER_PER_ADDRESS: ZRateLimitSchema.prefault('10/1h'),
  RATE_LIMIT_FORGOT_PASSWORD_PER_ADDRESS: ZRateLimitSchema.prefault('10/1h'),
  RATE_LIMIT_FORGOT_PASSWORD_PER_ACCOUNT: ZRateLimitSchema.prefault('5/1h'),
  RATE_LIMIT_RESET_PASSWORD_PER_ADDRESS: ZRateLimitSchema.prefault('20/1h'),
  RATE_LIMIT_RESET_PASSWORD_PER_TOKEN: ZRateLimitSchema.prefault('10/1h'),
  /** WebSocket upgrades to /ws from one address (issue 26): past it the upgrade is refused with 429 and Retry-After. */
  RATE_LIMIT_WS_UPGRADE_PER_ADDRESS: ZRateLimitSchema.prefault('60/1m'),
  /** Referral click tracking (issue 16): generous for people behind one address, a ceiling for scripts. */
  RATE_LIMIT_REFERRAL_CLICK_PER_ADDRESS: ZRateLimitSchema.prefault('120/1h'),
});
export type TGatewayConfig = z.infer<typeof ZGatewayConfigSchema>;
