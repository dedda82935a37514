import { loadConfig, ZBaseConfigSchema } from '@platform/service-kit';
import { z } from 'zod';

const ZOnByDefaultSchema = z
  .enum(['true', 'false', '1', '0', ''])
  .default('true')
  .transform((v) => v !== 'false' && v !== '0');

const ms = (fallback: number, min = 10) => z.coerce.number().int().min(min).default(fallback);

/** The chat service's settings: the shared base plus the live connection's limits, sending limits and the archive. */
export const ZChatConfigSchema = ZBaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/platform_chat'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  /** Creates the database named in DATABASE_URL when missing (development and tests). */
  CREATE_DATABASE: ZOnByDefaultSchema,
  /** Consumes user.registered/updated (names, bans) and settings.changed (chat_archive_days). */
  CONSUMERS_ENABLED: ZOnByDefaultSchema,
  /**
   * The identity service, to learn the name of a user this service has no event about yet (someone who registered
   * before chat was deployed): GET /internal/users/{id}/profile with that user's own token. Optional.
   */
  AUTH_SERVICE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),

  /** Largest frame a client may send (bytes); a bigger one closes that socket (1009). */
  WS_MAX_PAYLOAD_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024).default(16 * 1024),
  /** A socket that has not authenticated within this time is closed (4401). */
  WS_AUTH_TIMEOUT_MS: ms(5_000),
  /** Protocol ping to every socket; one that has not answered the previous ping is dropped. */
  WS_HEARTBEAT_INTERVAL_MS: ms(30_000),
  /** A socket from which nothing (not even {type: ping}) arrived for this long is closed (dead client behind a proxy). */
  WS_IDLE_TIMEOUT_MS: ms(75_000),
  /** Each socket's token is checked again (revocation, expiry) this often; a revoked one ends the socket (4403). */
  WS_REVALIDATE_INTERVAL_MS: ms(30_000),
  /** Frames a socket may send per second (burst: twice that); faster ones get an error frame and are dropped. */
  WS_FRAMES_PER_SECOND: z.coerce.number().int().min(1).max(1000).default(10),
  /** A socket whose unsent data exceeds this (a client too slow to read) is dropped; it reconnects and catches up. */
  WS_MAX_BUFFERED_BYTES: z.coerce.number().int().min(64 * 1024).default(4 * 1024 * 1024),

  /** Messages one user may send per window, over HTTP and WebSocket together, on every instance together. */
  /** How often each instance looks for messages stored but never published (their writer died in between). */
  REPAIR_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  SEND_LIMIT_MESSAGES: z.coerce.number().int().min(1).max(10_000).default(10),
  SEND_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),

  /** Run the archive job in this instance (BullMQ; one run at a time across instances). */
  JOBS_ENABLED: ZOnByDefaultSchema,
  /** How often general-room messages older than chat_archive_days are moved to the archive. */
  ARCHIVE_INTERVAL_MS: ms(60 * 60_000, 100),
  ARCHIVE_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(1_000),
  /** Used until a settings.changed event for chat_archive_days arrives. */
  CHAT_ARCHIVE_DAYS_DEFAULT: z.coerce.number().int().min(1).max(3650).default(90),

  /** AES-256-GCM key of stored secrets (the assistants' provider API key): 64 hex characters or base64 of 32 bytes. Required in production. */
  CHAT_SECRETS_KEY: z.string().min(16).optional().or(z.literal('').transform(() => undefined)),
  /** How often the assistants' scheduler looks for due work (BullMQ job scheduler; the run interval is the admin's setting). */
  ASSISTANT_TICK_MS: ms(5_000, 50),
  /** A call to the assistants' provider (chat completions) is abandoned after this long. */
  ASSISTANT_PROVIDER_TIMEOUT_MS: ms(10_000, 50),
  /** Tries after the first (timeouts, network errors, 429 and 5xx), waiting BACKOFF_MS, then twice as long, ... */
  ASSISTANT_PROVIDER_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  ASSISTANT_PROVIDER_BACKOFF_MS: ms(500, 1),
  /** Provider calls per hour across every instance (Redis); past it the offline generator speaks. */
  ASSISTANT_PROVIDER_CALLS_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(120),
  /**
   * Host names (comma-separated, as the provider URL spells them) the assistants may call although they resolve to
   * loopback, private or link-local addresses: a self-hosted model inside the network. Empty (the default): only
   * public addresses.
   */
  ASSISTANT_PROVIDER_ALLOWED_HOSTS: z.string().trim().max(2000).default(''),
});
export type TChatConfig = z.infer<typeof ZChatConfigSchema>;

export function loadChatConfig(env: Record<string, string | undefined> = process.env): TChatConfig {
  return loadConfig(ZChatConfigSchema, env);
}
