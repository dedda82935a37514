import type { TStatsBalanceTotal, TStatsOverdueWithdrawals, TStatsPageQuery } from '@platform/contracts';
import { readBalanceTotal, readOverdueWithdrawals, readWithdrawalsPage } from '../data-access/stats-snapshot.repository.js';
import type { TPayoutsDeps } from './deps.js';

/** GET /internal/stats/withdrawals: every withdrawal with its status (the admin dashboard's rebuild). */
export async function getWithdrawalsSnapshotPage(deps: Pick<TPayoutsDeps, 'pool'>, query: TStatsPageQuery) {
  const items = await readWithdrawalsPage(deps.pool, query.after, query.limit);
  const last = items[items.length - 1];
  return { items, next: items.length === query.limit && last ? last.withdrawalId : null };
}

/** GET /internal/stats/balance-total: what every account holds, summed (the dashboard's Total Balance). */
export async function getBalanceTotal(deps: Pick<TPayoutsDeps, 'pool'>): Promise<TStatsBalanceTotal> {
  return readBalanceTotal(deps.pool);
}

/** GET /internal/stats/withdrawals-overdue and the metric withdrawals_overdue: pending past their decideBy. */
export async function getOverdueWithdrawals(deps: Pick<TPayoutsDeps, 'pool'>): Promise<TStatsOverdueWithdrawals> {
  return readOverdueWithdrawals(deps.pool);
}
