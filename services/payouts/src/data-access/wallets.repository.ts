import type { TPayoutWallet } from '@platform/contracts';
import type { Queryable } from '@platform/service-kit';

interface TWalletDbRow {
  id: string;
  currency: string;
  address: string;
  label: string | null;
  created_at: Date;
  usable_from: Date;
}

/** The wallet columns plus the moment it may first receive a payout, with the cooldown given in hours (text). */
const COLUMNS = (hoursParam: string) =>
  `id, currency, address, label, created_at, created_at + (${hoursParam}::numeric * interval '1 hour') AS usable_from`;

function toWallet(row: TWalletDbRow): TPayoutWallet {
  return {
    id: row.id,
    currency: row.currency,
    address: row.address,
    label: row.label,
    createdAt: row.created_at.toISOString(),
    usableFrom: row.usable_from.toISOString(),
  };
}

export async function listWallets(db: Queryable, userId: string, cooldownHours: string): Promise<TPayoutWallet[]> {
  const { rows } = await db.query<TWalletDbRow>(`SELECT ${COLUMNS('$2')} FROM payout_wallets WHERE user_id = $1 ORDER BY created_at, id`, [userId, cooldownHours]);
  return rows.map(toWallet);
}

/** Inserts the wallet; undefined when the user already saved this address for this currency. */
export async function insertWallet(
  db: Queryable,
  w: { id: string; userId: string; currency: string; address: string; addressKey: string; label: string | null },
  cooldownHours: string,
): Promise<TPayoutWallet | undefined> {
  const { rows } = await db.query<TWalletDbRow>(
    `INSERT INTO payout_wallets (id, user_id, currency, address, address_key, label) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (user_id, currency, address_key) DO NOTHING RETURNING ${COLUMNS('$7')}`,
    [w.id, w.userId, w.currency, w.address, w.addressKey, w.label, cooldownHours],
  );
  return rows[0] ? toWallet(rows[0]) : undefined;
}

export async function deleteWallet(db: Queryable, userId: string, id: string): Promise<boolean> {
  const result = await db.query('DELETE FROM payout_wallets WHERE id = $1 AND user_id = $2', [id, userId]);
  return (result.rowCount ?? 0) > 0;
}

/** The user's saved wallet with this address, and whether it is still inside the cooldown. */
export async function findSavedWallet(
  db: Queryable,
  userId: string,
  currency: string,
  addressKey: string,
  cooldownHours: string,
): Promise<{ id: string; coolingDown: boolean } | undefined> {
  const { rows } = await db.query<{ id: string; cooling_down: boolean }>(
    `SELECT id, created_at > now() - ($4::numeric * interval '1 hour') AS cooling_down
     FROM payout_wallets WHERE user_id = $1 AND currency = $2 AND address_key = $3`,
    [userId, currency, addressKey, cooldownHours],
  );
  return rows[0] ? { id: rows[0].id, coolingDown: rows[0].cooling_down } : undefined;
}
