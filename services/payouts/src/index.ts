import { fileURLToPath } from 'node:url';
import { createServiceRuntime, lockOrderByDataField, type Logger, type Pool, type TConsumer } from '@platform/service-kit';
import type { TPayoutsConfig } from './config.js';
import type { TPayoutsDeps } from './domain/deps.js';
import { registerInternalUserRoutes } from './entry-points/http/internal-users.routes.js';
import { registerInternalRoutes } from './entry-points/http/internal.routes.js';
import { registerLedgerRoutes } from './entry-points/http/ledger.routes.js';
import { registerStatsInternalRoutes } from './entry-points/http/stats.internal.routes.js';
import { registerWalletAndSettingsRoutes } from './entry-points/http/wallets-and-settings.routes.js';
import { registerWithdrawalRoutes } from './entry-points/http/withdrawals.routes.js';
import { registerPublicLedgerCheckRoutes } from './entry-points/http/public-ledger-check.routes.js';
import { payoutsJobs } from './entry-points/jobs/chain-check.job.js';
import { registerUserExportRoutes } from './entry-points/http/user-export.routes.js';
import { createOnSettingsChanged, SETTINGS_QUEUE, SETTINGS_ROUTING_KEYS } from './entry-points/messaging/on-settings-changed.handler.js';
import { onSubmissionApproved, REWARDS_QUEUE, REWARDS_ROUTING_KEYS } from './entry-points/messaging/on-submission-approved.handler.js';
import { onTaskToppedUp, TOP_UPS_QUEUE, TOP_UPS_ROUTING_KEYS } from './entry-points/messaging/on-task-topped-up.handler.js';
import { ACCOUNTS_QUEUE, ACCOUNTS_ROUTING_KEYS, createOnUserEvent } from './entry-points/messaging/on-user-event.handler.js';
import { createPayoutSettingsCopy } from './domain/settings.js';
import { getOverdueWithdrawals } from './domain/stats-snapshot.use-case.js';

export type { TPayoutsConfig } from './config.js';
export { loadPayoutsConfig, ZPayoutsConfigSchema } from './config.js';
export { ACCOUNTS_QUEUE, REWARDS_QUEUE, SETTINGS_QUEUE, TOP_UPS_QUEUE };

export const PAYOUTS_MIGRATIONS_DIR = fileURLToPath(new URL('./data-access/migrations', import.meta.url));

export interface TPayoutsService {
  url: string;
  /** /health, /ready and /metrics (INTERNAL_HOST:INTERNAL_PORT). */
  internalUrl: string;
  /** The service's pool (tests and benchmarks check the ledger's invariants through it). */
  pool: Pool;
  logger: Logger;
  /** True once every consumer is subscribed (events published before that are still queued, once bound). */
  consumersReady(): boolean;
  stop(): Promise<void>;
}

/** Starts the payouts service: migrations, HTTP API, outbox relay and the consumers (accounts, rewards, settings). */
export async function start(config: TPayoutsConfig): Promise<TPayoutsService> {
  const runtime = await createServiceRuntime(config, {
    name: 'payouts',
    migrationsDir: PAYOUTS_MIGRATIONS_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    createDatabase: config.CREATE_DATABASE,
    // Statements issued together share a round trip (a withdrawal is 3, see withdrawals.use-case.ts).
    pipeline: true,
  });
  const { app, pool, logger, hooks } = runtime;
  try {
    const settings = await createPayoutSettingsCopy(pool, { onReloadError: (error) => logger.warn({ err: error }, 'cannot reload the settings copy') });
    runtime.onStop(() => settings.stop());
    const deps: TPayoutsDeps = { pool, logger, settings };
    // The payout promise (issue 31): withdrawals still pending past their decideBy, counted when scraped (alert:
    // WithdrawalsOverdue in infra/prometheus/alerts.yml).
    const overdue = runtime.metrics.gauge('withdrawals_overdue', 'Withdrawals still pending past their decideBy (withdrawal_decision_hours after the request)');
    runtime.metrics.onScrape('withdrawals_overdue', async () => overdue.set((await getOverdueWithdrawals(deps)).overdue));
    const routeDeps = { deps, hooks };
    registerWithdrawalRoutes(app, routeDeps);
    // GET /internal/users/:id/export: this service's part of a user's data download (issue 15).
    registerUserExportRoutes(app, { pool, hooks });
    registerLedgerRoutes(app, routeDeps);
    registerWalletAndSettingsRoutes(app, routeDeps);
    registerInternalRoutes(app, routeDeps);
    registerStatsInternalRoutes(app, routeDeps);
    registerInternalUserRoutes(app, routeDeps);
    registerPublicLedgerCheckRoutes(app, routeDeps);
    const url = await runtime.listen();

    runtime.startRelay();
    const consumers: TConsumer[] = [];
    if (config.CONSUMERS_ENABLED) {
      consumers.push(
        runtime.consume({ queue: ACCOUNTS_QUEUE, routingKeys: ACCOUNTS_ROUTING_KEYS, handler: createOnUserEvent(deps), lockOrderKey: lockOrderByDataField('userId') }),
        runtime.consume({ queue: REWARDS_QUEUE, routingKeys: REWARDS_ROUTING_KEYS, handler: onSubmissionApproved, lockOrderKey: lockOrderByDataField('userId') }),
        runtime.consume({ queue: TOP_UPS_QUEUE, routingKeys: TOP_UPS_ROUTING_KEYS, handler: onTaskToppedUp, lockOrderKey: lockOrderByDataField('userId') }),
        runtime.consume({ queue: SETTINGS_QUEUE, routingKeys: SETTINGS_ROUTING_KEYS, handler: createOnSettingsChanged(deps) }),
      );
    }
    if (config.JOBS_ENABLED) await runtime.startJobs(payoutsJobs(deps, { intervalMs: config.CHAIN_CHECK_INTERVAL_MS, batchSize: config.CHAIN_CHECK_BATCH_SIZE }));

    logger.info({ url }, 'payouts service started');
    return { url, internalUrl: runtime.internalUrl(), pool, logger, consumersReady: () => consumers.every((c) => c.isConsuming()), stop: runtime.stop };
  } catch (error) {
    await runtime.stop();
    throw error;
  }
}
