import { withTransaction, type Pool } from '@platform/service-kit';
import { findImageKeysNotWrappedBy, updateImageKey } from '../data-access/verifications.repository.js';
import { rewrapDataKey, type TKeyRing } from './envelope-crypto.js';

/**
 * Re-wraps every identity image's data key with the ring's current master key (the images' ciphertext is not
 * touched), in batches of `batchSize`, each batch in its own transaction. Returns how many keys were re-wrapped.
 * Run with the new key as VERIFICATION_MASTER_KEY and the old one(s) in VERIFICATION_OLD_MASTER_KEYS; once it
 * reports 0 left, the old key can be removed from the configuration.
 */
export async function rotateVerificationKeys(pool: Pool, ring: TKeyRing, batchSize = 200): Promise<number> {
  let rotated = 0;
  for (;;) {
    const done = await withTransaction(pool, async (client) => {
      const rows = await findImageKeysNotWrappedBy(client, ring.current.id, batchSize);
      for (const row of rows) {
        const next = rewrapDataKey(ring, row, `${row.verificationId}/${row.kind}`);
        await updateImageKey(client, row.verificationId, row.kind, next.keyId, next.wrappedKey);
      }
      return rows.length;
    });
    rotated += done;
    if (done < batchSize) return rotated;
  }
}
