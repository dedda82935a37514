import { createPool } from '@platform/service-kit';
// The orchestrator may reach into a service's seed script; services themselves never import each other.
import { seedAdminDevelopment } from '../services/admin/src/scripts/seed-dev.js';
import { seedDevelopment, seedDevelopmentContent } from '../services/auth/src/scripts/seed-dev.js';
import { seedWorkDevelopment } from '../services/work/src/scripts/seed-dev.js';

/**
 * Seeds the development admin and the two documents to accept (auth). With content (`npm start`), also what a
 * newcomer's first look shows, each service's into its own database: documents in English and Russian and a landing
 * page per language (auth), a few dozen tasks (work, only when it has none), company news (admin, only when it has
 * none). Idempotent: `npm start` runs it at every start and it adds only what is missing.
 */
export async function seedDevelopmentDatabase(databaseUrls: { auth: string; work?: string | undefined; admin?: string | undefined }, options: { content?: boolean } = {}): Promise<void> {
  const run = async <T>(url: string, seed: (pool: ReturnType<typeof createPool>) => Promise<T>): Promise<T> => {
    const pool = createPool(url, { max: 2 });
    try {
      return await seed(pool);
    } finally {
      await pool.end();
    }
  };
  const adminId = await run(databaseUrls.auth, (pool) => seedDevelopment(pool));
  if (!adminId || !options.content) return;
  await run(databaseUrls.auth, (pool) => seedDevelopmentContent(pool, adminId));
  if (databaseUrls.work) await run(databaseUrls.work, (pool) => seedWorkDevelopment(pool, adminId));
  if (databaseUrls.admin) await run(databaseUrls.admin, (pool) => seedAdminDevelopment(pool, adminId));
}
