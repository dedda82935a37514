import {
  ZAdjustBalanceResponseSchema,
  ZBalanceSchema,
  ZInternalBalancesSchema,
  ZStatsBalanceTotalSchema,
  ZUserHoldingsSchema,
  type TAdjustBalanceResponse,
  type TBalance,
  type TInternalBalances,
  type TStatsBalanceTotal,
  type TUserHoldings,
} from '@platform/contracts';
import { createInternalClient, type TInternalClientOptions } from '@platform/service-kit';

/**
 * The payouts service's /internal/ API, as auth asks it (service-kit's internal client: request id and trace
 * forwarded, one timeout, 503 SERVICE.UNAVAILABLE when payouts does not answer, payouts' refusals passed on). Every
 * call forwards the token of the user auth acts for: payouts applies its own access rules.
 */
export interface TPayoutsClient {
  /** False without PAYOUTS_INTERNAL_URL: balances are then unknown, deletions and adjustments 503. */
  readonly configured: boolean;
  /** GET /internal/balances/{id}. */
  readBalance(userId: string, token: string): Promise<TBalance>;
  /** GET /internal/balances?userIds=a,b (at most BALANCE_BATCH_SIZE ids). */
  readBalances(userIds: readonly string[], token: string): Promise<TInternalBalances>;
  /** GET /internal/stats/balance-total (an admin's token). */
  readBalanceTotal(token: string): Promise<TStatsBalanceTotal>;
  /** GET /internal/users/{id}/holdings: what the account holds and how many withdrawals wait. */
  readHoldings(userId: string, token: string): Promise<TUserHoldings>;
  /** PATCH /internal/users/{id}/balance (an admin's token): sets the available balance by a ledger adjustment. */
  adjustBalance(userId: string, token: string, body: { balance: string; reason: string }): Promise<TAdjustBalanceResponse>;
}

export function createPayoutsClient(options: Omit<TInternalClientOptions, 'service'>): TPayoutsClient {
  const payouts = createInternalClient({ ...options, service: 'payouts' });
  const user = (userId: string) => `/internal/users/${encodeURIComponent(userId)}`;
  return {
    configured: payouts.configured,
    readBalance: (userId, token) => payouts.get(`/internal/balances/${encodeURIComponent(userId)}`, { token, answer: ZBalanceSchema }),
    readBalances: (userIds, token) => payouts.get(`/internal/balances?userIds=${userIds.map(encodeURIComponent).join(',')}`, { token, answer: ZInternalBalancesSchema }),
    readBalanceTotal: (token) => payouts.get('/internal/stats/balance-total', { token, answer: ZStatsBalanceTotalSchema }),
    readHoldings: (userId, token) => payouts.get(`${user(userId)}/holdings`, { token, answer: ZUserHoldingsSchema }),
    adjustBalance: (userId, token, body) => payouts.request('PATCH', `${user(userId)}/balance`, { token, body, answer: ZAdjustBalanceResponseSchema }),
  };
}
