import { resolve } from 'node:path';
import { createPool, KIT_MIGRATIONS_DIR, runMigrations } from './db.js';
import { createLogger } from './logger.js';

/**
 * Applies a service's migrations and exits, as a step of its own before a rollout (Kubernetes runs it as a Job;
 * infra/k8s/base/migrations.yaml):
 *   node --import tsx packages/service-kit/src/migrate.cli.ts <service> <migrationsDir>
 * (compiled, in every service's image: node packages/service-kit/dist/migrate.cli.js <service> <migrationsDir>)
 * The same migrations as the service applies when it starts (service-kit's own, then the service's), under the
 * same advisory lock, so a Job and a starting instance never apply one twice. Reads DATABASE_URL.
 */
async function main(argv: string[]): Promise<number> {
  const [name, dir] = argv;
  const url = process.env.DATABASE_URL;
  if (!name || !dir || !url) {
    process.stderr.write('usage: DATABASE_URL=... migrate.cli.ts <service> <migrationsDir>\n');
    return 2;
  }
  const logger = createLogger({ service: `${name}-migrate`, level: process.env.LOG_LEVEL ?? 'info' });
  const pool = createPool(url, { applicationName: `${name}-migrate`, max: 1, logger, pipeline: false });
  try {
    await runMigrations(pool, [{ name: 'service-kit', dir: KIT_MIGRATIONS_DIR }, { name, dir: resolve(dir) }], logger);
    logger.info({ service: name }, 'migrations applied');
    return 0;
  } catch (error) {
    logger.error({ err: error }, 'migrations failed');
    return 1;
  } finally {
    await pool.end();
  }
}

process.exitCode = await main(process.argv.slice(2));
