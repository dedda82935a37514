import type { Queryable } from '@platform/service-kit';

export async function readLeaderboardOptOut(db: Queryable, userId: string): Promise<boolean> {
  const result = await db.query<{ leaderboard_opt_out: boolean }>('SELECT leaderboard_opt_out FROM users WHERE id = $1', [userId]);
  return result.rows[0]?.leaderboard_opt_out ?? false;
}

/** Sets the flag; returns the moment of the change, or null when it already had that value. */
export async function writeLeaderboardOptOut(db: Queryable, userId: string, optOut: boolean): Promise<Date | null> {
  const result = await db.query<{ updated_at: Date }>(
    'UPDATE users SET leaderboard_opt_out = $2, updated_at = now() WHERE id = $1 AND leaderboard_opt_out <> $2 RETURNING updated_at',
    [userId, optOut],
  );
  return result.rows[0]?.updated_at ?? null;
}
