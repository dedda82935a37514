/**
 * npm run verification:rotate-key -w @platform/auth
 *
 * Rotates the master key of the identity images (envelope encryption, issue 15): every image's data key is
 * unwrapped with the old master key and wrapped again with the new one; the encrypted images are not touched.
 *
 *   1. openssl rand -base64 32                       -> the new key
 *   2. set VERIFICATION_MASTER_KEY=<new> and VERIFICATION_OLD_MASTER_KEYS=<old> (comma-separated if several) for the
 *      service and restart it: new images use the new key, old ones still open with the old key;
 *   3. run this command with the same variables (and DATABASE_URL): it prints how many keys it re-wrapped;
 *   4. after 24 hours (the longest a data export waits in Redis, wrapped by the key of its day) remove the old key
 *      from VERIFICATION_OLD_MASTER_KEYS and restart.
 */
import { createPool } from '@platform/service-kit';
import { loadAuthConfig } from '../config.js';
import { rotateVerificationKeys } from '../domain/verification-key-rotation.use-case.js';
import { verificationKeyRing } from '../verification-config.js';

async function main(): Promise<number> {
  const config = loadAuthConfig({ JWT_PRIVATE_KEY: 'unused by this command', ...process.env });
  if (!config.VERIFICATION_MASTER_KEY) {
    console.error('Set VERIFICATION_MASTER_KEY to the new key and VERIFICATION_OLD_MASTER_KEYS to the old one(s).');
    return 2;
  }
  const ring = verificationKeyRing(config);
  const pool = createPool(config.DATABASE_URL, { max: 2, applicationName: 'auth-rotate-verification-key' });
  try {
    const rotated = await rotateVerificationKeys(pool, ring);
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM verification_images WHERE key_id <> $1', [ring.current.id]);
    console.log(`Re-wrapped ${rotated} data keys with master key ${ring.current.id}; ${rows[0]!.n} left under other keys.`);
    return rows[0]!.n === 0 ? 0 : 1;
  } finally {
    await pool.end();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
