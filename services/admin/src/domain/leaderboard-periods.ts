import type { TAwardPeriod } from '@platform/contracts';

/** Workers per leaderboard (award ranks 1 to 5). */
export const LEADERBOARD_SIZE = 5;
/** A worker's approval rate counts once they have this many reviewed submissions in the period. */
export const MIN_REVIEWS_FOR_RATE = 5;

/**
 * Where a period's leaderboard starts: the last 7 days, the last month, the last 3 months, the last year (rolling,
 * so a board is never empty just after a calendar boundary), or all time (null).
 */
export function periodStart(period: TAwardPeriod, now: Date): Date | null {
  const start = new Date(now.getTime());
  switch (period) {
    case 'weekly':
      start.setUTCDate(start.getUTCDate() - 7);
      return start;
    case 'monthly':
      start.setUTCMonth(start.getUTCMonth() - 1);
      return start;
    case 'quarterly':
      start.setUTCMonth(start.getUTCMonth() - 3);
      return start;
    case 'yearly':
      start.setUTCFullYear(start.getUTCFullYear() - 1);
      return start;
    case 'all_time':
      return null;
  }
}
