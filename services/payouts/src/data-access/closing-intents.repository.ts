import type { Queryable } from '@platform/service-kit';

/** account.closing_started: the worker's intent kept once (a redelivery or a later copy changes nothing). */
export async function keepClosingIntent(db: Queryable, userId: string, startedAt: string): Promise<void> {
  await db.query('INSERT INTO closing_intents (user_id, started_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [userId, startedAt]);
}

/** Whether payouts has heard that the worker started closing the account. */
export async function hasClosingIntent(db: Queryable, userId: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM closing_intents WHERE user_id = $1', [userId]);
  return (rowCount ?? 0) > 0;
}
