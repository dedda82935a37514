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
  /** Runs the scheduled job in this instance (BullMQ; one run at a time across instances): the ledger chain check. */
  JOBS_ENABLED: ZOnByDefaultSchema,
  /** How often every account's ledger chain is verified (issue 31 item 4); default hourly. */
  CHAIN_CHECK_INTERVAL_MS: z.coerce.number().int().min(100).max(7 * 24 * 3_600_000).default(3_600_000),
  /** Accounts read per snapshot by the chain check. */
  CHAIN_CHECK_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
});
export type TPayoutsConfig = z.infer<typeof ZPayoutsConfigSchema>;

export function loadPayoutsConfig(env: Record<string, string | undefined> = process.env): TPayoutsConfig {
  return loadConfig(ZPayoutsConfigSchema, env);
}
