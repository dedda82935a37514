import type { Queryable } from '@platform/service-kit';

/** Marks every open reset token of the user as no longer usable (a newer one was issued, or one was used). */
export async function invalidateOpenResets(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE password_resets SET invalidated_at = now() WHERE user_id = $1 AND used_at IS NULL AND invalidated_at IS NULL', [userId]);
}

/** Stores a reset token by its hash; returns when it expires. */
export async function insertReset(db: Queryable, reset: { userId: string; email: string; tokenHash: string; ttlMinutes: number }): Promise<Date> {
  const result = await db.query<{ expires_at: Date }>(
    `INSERT INTO password_resets (user_id, email, token_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))
     RETURNING expires_at`,
    [reset.userId, reset.email, reset.tokenHash, reset.ttlMinutes],
  );
  return result.rows[0]!.expires_at;
}

const USABLE = 'pr.used_at IS NULL AND pr.invalidated_at IS NULL AND pr.expires_at > now()';

/** The user of a token that can still be used, or null. */
export async function findUsableReset(db: Queryable, tokenHash: string): Promise<{ userId: string; email: string } | null> {
  const result = await db.query<{ user_id: string; email: string }>(
    `SELECT pr.user_id, u.email FROM password_resets pr JOIN users u ON u.id = pr.user_id WHERE pr.token_hash = $1 AND ${USABLE}`,
    [tokenHash],
  );
  const row = result.rows[0];
  return row ? { userId: row.user_id, email: row.email } : null;
}

/**
 * Uses a token once: the conditional update succeeds for exactly one of any number of concurrent callers (the
 * others wait on the row lock, then see used_at set and match nothing).
 */
export async function consumeReset(db: Queryable, tokenHash: string): Promise<{ userId: string } | null> {
  const result = await db.query<{ user_id: string }>(
    `UPDATE password_resets pr SET used_at = now() WHERE pr.token_hash = $1 AND ${USABLE} RETURNING pr.user_id`,
    [tokenHash],
  );
  const row = result.rows[0];
  return row ? { userId: row.user_id } : null;
}
