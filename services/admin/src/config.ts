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
});
export type TAdminConfig = z.infer<typeof ZAdminConfigSchema>;

export function loadAdminConfig(env: Record<string, string | undefined> = process.env): TAdminConfig {
  return loadConfig(ZAdminConfigSchema, env);
}
