import { loadConfig, ZBaseConfigSchema } from '@platform/service-kit';
import { z } from 'zod';

const ZOnByDefaultSchema = z
  .enum(['true', 'false', '1', '0', ''])
  .default('true')
  .transform((v) => v !== 'false' && v !== '0');

/** The payouts service's settings: the shared base plus its port, database and pool size. */
export const ZPayoutsConfigSchema = ZBaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/platform_payouts'),
  /** Connections to PostgreSQL; postings to one account wait for each other on its row lock, others run in parallel. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  /** Creates the database named in DATABASE_URL when missing (development and tests). */
  CREATE_DATABASE: ZOnByDefaultSchema,
  /** Consumes user.registered/updated, submission.approved and settings.changed (off only for tools). */
  CONSUMERS_ENABLED: ZOnByDefaultSchema,
});
export type TPayoutsConfig = z.infer<typeof ZPayoutsConfigSchema>;

export function loadPayoutsConfig(env: Record<string, string | undefined> = process.env): TPayoutsConfig {
  return loadConfig(ZPayoutsConfigSchema, env);
}
