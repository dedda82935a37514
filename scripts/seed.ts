import { createPool } from '@platform/service-kit';
// The orchestrator may reach into a service's seed script; services themselves never import each other.
import { seedDevelopment } from '../services/auth/src/scripts/seed-dev.js';

/** Seeds the development admin and the two onboarding documents into the identity database (idempotent). */
export async function seedDevelopmentDatabase(authDatabaseUrl: string): Promise<void> {
  const pool = createPool(authDatabaseUrl, { max: 2 });
  try {
    await seedDevelopment(pool);
  } finally {
    await pool.end();
  }
}
