import { z } from 'zod';
import { loadConfig, ZBaseConfigSchema } from '@platform/service-kit';

/** The admin service's settings: the shared base plus what the mailer needs. */
export const ZAdminConfigSchema = ZBaseConfigSchema.extend({
  /** The public URL of the app, used in every link a mail carries. Links are never built from a request's Host. */
  APP_BASE_URL: z
    .url('APP_BASE_URL must be an absolute URL such as http://localhost:8080')
    .default('http://localhost:8080')
    .transform((value) => value.replace(/\/+$/, '')),
  MAIL_FROM: z.string().trim().min(1).default('Platform <no-reply@platform.local>'),
  /** e.g. smtp://user:pass@host:587. Empty: mails are written as .eml files into MAIL_OUTBOX_DIR instead. */
  SMTP_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.url('SMTP_URL must be a URL such as smtp://user:pass@host:587').optional()),
  MAIL_OUTBOX_DIR: z.string().trim().min(1).default('.dev/outbox'),
  /** The owners' /internal/ APIs the dashboard reads (payouts: balances) and its rebuild reads (every snapshot). */
  AUTH_INTERNAL_URL: z.url('AUTH_INTERNAL_URL must be an absolute URL').optional(),
  WORK_INTERNAL_URL: z.url('WORK_INTERNAL_URL must be an absolute URL').optional(),
  PAYOUTS_INTERNAL_URL: z.url('PAYOUTS_INTERNAL_URL must be an absolute URL').optional(),
  /** Run the background jobs in this instance (leaderboards, news mailing batches). */
  JOBS_ENABLED: z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1').default(true),
  /** How often the leaderboards (computed awards) are recomputed. */
  LEADERBOARDS_INTERVAL_MS: z.coerce.number().int().min(100).default(60 * 60_000),
  /** How often unfinished news mailings are looked for (a queued batch that was lost). */
  NEWS_MAIL_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  /**
   * The welcome video (spec 01 s.7, issue 28): an admin's replacement is stored in MEDIA_DIR (this service's own
   * volume; every instance must see the same folder), at most WELCOME_VIDEO_MAX_BYTES; until one is uploaded,
   * WELCOME_VIDEO_DEFAULT_FILE (the clip the project ships) is served at /assets/welcome-video.
   */
  MEDIA_DIR: z.string().trim().min(1).default('.dev/admin-media'),
  WELCOME_VIDEO_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(50 * 1024 * 1024),
  WELCOME_VIDEO_DEFAULT_FILE: z.string().trim().min(1).default('frontend/media/welcome-video.webm'),
  /** How long GET /api/public/figures answers from one computation (issue 16: "cached for a minute"). */
  PUBLIC_FIGURES_CACHE_MS: z.coerce.number().int().min(0).max(10 * 60_000).default(60_000),
});
export type TAdminConfig = z.infer<typeof ZAdminConfigSchema>;

export function loadAdminConfig(env: Record<string, string | undefined> = process.env): TAdminConfig {
  return loadConfig(ZAdminConfigSchema, env);
}
