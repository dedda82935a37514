import { loadConfig, ZBaseConfigSchema } from '@platform/service-kit';
import { z } from 'zod';

const ZFlagSchema = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1');

export const ZAuthConfigSchema = ZBaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/platform_auth'),
  /** Ed25519 private key (PEM, PKCS#8); only this service signs tokens. */
  JWT_PRIVATE_KEY: z.string().min(1, 'JWT_PRIVATE_KEY (PEM, PKCS#8) is required'),
  /** Where the worker app is served; reset links point at `${APP_BASE_URL}/reset-password?token=...`. */
  APP_BASE_URL: z.string().url().default('http://localhost:8080'),
  PASSWORD_RESET_TTL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /** Password confirmations of a signed-in user (deleting the account) allowed per window, per user. */
  PASSWORD_CONFIRM_ATTEMPTS: z.coerce.number().int().min(1).max(1_000).default(5),
  PASSWORD_CONFIRM_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(15 * 60),
  /** Seeds the development admin and documents at start; refused in production. */
  SEED_DEV_DATA: ZFlagSchema,
  /** Publishes the outbox to RabbitMQ (the relay); off only for tools that must not touch the broker. */
  OUTBOX_RELAY_ENABLED: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v !== 'false' && v !== '0'),
  /**
   * Base URL of the payouts service's internal API (e.g. http://127.0.0.1:4003), where balances are read. Unset or
   * empty: every balance in an answer is null ("unknown"), as in this service's own tests.
   */
  PAYOUTS_INTERNAL_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : undefined))
    .pipe(z.url('PAYOUTS_INTERNAL_URL must be a URL such as http://127.0.0.1:4003').optional()),
  /**
   * Base URL of the work service's internal API (e.g. http://127.0.0.1:4004), asked whether a user has tasks or
   * submissions pending before an account is deleted. Unset: deletions are refused with 503 (never allowed blind).
   */
  WORK_INTERNAL_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : undefined))
    .pipe(z.url('WORK_INTERNAL_URL must be a URL such as http://127.0.0.1:4004').optional()),
  /** Runs the scheduled jobs (BullMQ): the folding of raw referral clicks older than 90 days into per-day counts. */
  JOBS_ENABLED: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v !== 'false' && v !== '0'),
  REFERRAL_AGGREGATE_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60 * 60 * 1000),
  REFERRAL_AGGREGATE_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(5_000),
  /**
   * Identity images (issue 15): the master key (32 bytes, base64; openssl rand -base64 32) that wraps each image's
   * data key; required in production. Older keys, comma-separated, still unwrap until `npm run
   * verification:rotate-key -w @platform/auth` has re-wrapped every data key with the current one.
   */
  VERIFICATION_MASTER_KEY: z.string().trim().optional(),
  VERIFICATION_OLD_MASTER_KEYS: z.string().trim().default(''),
  /** How often the job deleting identity images past verification_retention_days runs. */
  VERIFICATION_RETENTION_INTERVAL_MS: z.coerce.number().int().min(1_000).default(60 * 60 * 1000),
  /**
   * POST /api/user/verification (issue 26): applications per user and per address per window, counted before the
   * body is read (429 with Retry-After past either); and the identity images decoded at once by this process, with
   * how many may wait (one more is answered 503 at once).
   */
  VERIFICATION_UPLOADS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  VERIFICATION_UPLOADS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  VERIFICATION_UPLOAD_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60 * 60),
  IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  IMAGE_DECODE_QUEUE: z.coerce.number().int().min(0).max(1_000).default(8),
  /** The services asked for a user's data export: "work=http://127.0.0.1:4004,chat=...,admin=..." (payouts: PAYOUTS_INTERNAL_URL). */
  USER_EXPORT_SOURCES: z.string().trim().default(''),
  /** Data exports one user may generate per day (each is kept 24 hours in Redis; only the latest is kept). */
  USER_EXPORTS_PER_DAY: z.coerce.number().int().min(1).max(100).default(3),
  /** Creates the database named in DATABASE_URL when missing (development and tests). */
  CREATE_DATABASE: z
    .enum(['true', 'false', '1', '0', ''])
    .default('true')
    .transform((v) => v !== 'false' && v !== '0'),
}).refine((c) => !(c.SEED_DEV_DATA && c.NODE_ENV === 'production'), {
  message: 'SEED_DEV_DATA must not be set in production',
  path: ['SEED_DEV_DATA'],
});
export type TAuthConfig = z.infer<typeof ZAuthConfigSchema>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env): TAuthConfig {
  return loadConfig(ZAuthConfigSchema, env);
}
