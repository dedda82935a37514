import { erasePersonalDataInOutbox, type Queryable } from '@platform/service-kit';

/** The account's balances and how many of the user's withdrawals wait for review (zeros when there is no account). */
export async function findHoldings(db: Queryable, userId: string): Promise<{ available: string; held: string; pendingWithdrawals: number }> {
  const { rows } = await db.query<{ available: string | null; held: string | null; pending: string }>(
    `SELECT (SELECT available::text FROM ledger_accounts WHERE user_id = $1) AS available,
            (SELECT held::text FROM ledger_accounts WHERE user_id = $1) AS held,
            (SELECT count(*) FROM withdrawals WHERE user_id = $1 AND status = 'pending') AS pending`,
    [userId],
  );
  const row = rows[0]!;
  return { available: row.available ?? '0.00', held: row.held ?? '0.00', pendingWithdrawals: Number(row.pending) };
}

/**
 * Erases what payouts holds personally about a deleted user: the users copy keeps only the id and deleted_at (no
 * name, no e-mail; source_at 'infinity', so no older user event written late can bring them back), the saved payout
 * wallets and the stored answers of past withdrawal requests (idempotency records) go. The ledger, the account and
 * the withdrawals (amount, currency, address paid to) stay by user id: they are financial records.
 */
export async function eraseUserData(db: Queryable, userId: string, deletedAt: string): Promise<void> {
  await db.query(
    `INSERT INTO users (id, email, first_name, last_name, source_at, deleted_at) VALUES ($1, '', '', '', 'infinity', $2)
     ON CONFLICT (id) DO UPDATE SET email = '', first_name = '', last_name = '', source_at = 'infinity', deleted_at = COALESCE(users.deleted_at, $2)`,
    [userId, deletedAt],
  );
  await db.query('DELETE FROM payout_wallets WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM idempotency_keys WHERE user_id = $1', [userId]);
  // The notifications published about the user (withdrawal.decided carries the e-mail and first name).
  await erasePersonalDataInOutbox(db, userId);
}
