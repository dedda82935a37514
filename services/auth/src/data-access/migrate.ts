import { fileURLToPath } from 'node:url';
import { KIT_MIGRATIONS_DIR, runMigrations, type Logger, type Pool } from '@platform/service-kit';

export const AUTH_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** The service-kit's tables (outbox, inbox), then the identity service's own. */
export async function migrateAuthDatabase(pool: Pool, logger?: Logger): Promise<string[]> {
  return runMigrations(
    pool,
    [
      { name: 'service-kit', dir: KIT_MIGRATIONS_DIR },
      { name: 'auth', dir: AUTH_MIGRATIONS_DIR },
    ],
    logger,
  );
}
