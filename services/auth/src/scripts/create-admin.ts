/**
 * npm run create-admin -- --email a@b.c [--password ...] [--first-name ..] [--last-name ..] [--promote]
 *
 * Creates an admin account in the identity database (DATABASE_URL, default the development database), after
 * running the migrations. Without --password a strong one is generated and printed once. An existing user is
 * made an admin only with --promote. The event goes through the outbox; the running service's relay publishes it.
 */
import { parseArgs } from 'node:util';
import { AppError, createPool, ensureDatabase } from '@platform/service-kit';
import { ZodError } from 'zod';
import { createAdmin } from '../domain/create-admin.use-case.js';
import { migrateAuthDatabase } from '../data-access/migrate.js';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/platform_auth';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      promote: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help || !values.email) {
    console.log('Usage: npm run create-admin -- --email a@b.c [--password ...] [--first-name ..] [--last-name ..] [--promote]');
    return values.help ? 0 : 2;
  }
  const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
  if (process.env.NODE_ENV !== 'production') await ensureDatabase(databaseUrl);
  const pool = createPool(databaseUrl, { max: 2, applicationName: 'auth-create-admin' });
  try {
    await migrateAuthDatabase(pool);
    const result = await createAdmin(pool, {
      email: values.email,
      password: values.password,
      firstName: values['first-name'],
      lastName: values['last-name'],
      promote: values.promote,
    });
    if (result.action === 'unchanged') console.log(`${result.user.email} is already an admin; nothing changed.`);
    if (result.action === 'promoted') console.log(`${result.user.email} is now an admin (log in again to get an admin session).`);
    if (result.action === 'created') {
      console.log(`Admin created: ${result.user.email} (id ${result.user.id})`);
      if (result.generatedPassword) console.log(`Generated password (shown only once, store it now): ${result.generatedPassword}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError) console.error(error.message);
    else if (error instanceof ZodError) console.error(error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
    else console.error(error);
    return 1;
  } finally {
    await pool.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
