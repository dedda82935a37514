/** Creates and migrates the five databases of a namespace without starting the services (the scale seed's test). */
import { createPool, ensureDatabase, KIT_MIGRATIONS_DIR, runMigrations } from '@platform/service-kit';
import { ADMIN_MIGRATIONS_DIR } from '../../services/admin/src/index.js';
import { AUTH_MIGRATIONS_DIR } from '../../services/auth/src/data-access/migrate.js';
import { CHAT_MIGRATIONS_DIR } from '../../services/chat/src/index.js';
import { PAYOUTS_MIGRATIONS_DIR } from '../../services/payouts/src/index.js';
import { WORK_MIGRATIONS_DIR } from '../../services/work/src/index.js';

export const MIGRATIONS = { auth: AUTH_MIGRATIONS_DIR, payouts: PAYOUTS_MIGRATIONS_DIR, work: WORK_MIGRATIONS_DIR, chat: CHAT_MIGRATIONS_DIR, admin: ADMIN_MIGRATIONS_DIR } as const;

export async function migrateDatabases(urls: Record<keyof typeof MIGRATIONS, string>): Promise<void> {
  for (const [service, dir] of Object.entries(MIGRATIONS)) {
    const url = urls[service as keyof typeof MIGRATIONS];
    await ensureDatabase(url);
    const pool = createPool(url, { max: 1 });
    try {
      await runMigrations(pool, [{ name: 'service-kit', dir: KIT_MIGRATIONS_DIR }, { name: service, dir }]);
    } finally {
      await pool.end();
    }
  }
}
