import {
  ZInternalBalancesSchema,
  ZStatsAppealSnapshotSchema,
  ZStatsReturnSnapshotSchema,
  ZStatsBalanceTotalSchema,
  ZStatsOverdueWithdrawalsSchema,
  ZStatsPageSchema,
  ZStatsSubmissionSnapshotSchema,
  ZStatsTaskSnapshotSchema,
  ZStatsUserSnapshotSchema,
  ZStatsWithdrawalSnapshotSchema,
  type TBalance,
  type TStatsAppealSnapshot,
  type TStatsReturnSnapshot,
  type TStatsBalanceTotal,
  type TStatsOverdueWithdrawals,
  type TStatsSubmissionSnapshot,
  type TStatsTaskSnapshot,
  type TStatsUserSnapshot,
  type TStatsWithdrawalSnapshot,
} from '@platform/contracts';
import { createInternalClient, type Logger, type TInternalClient } from '@platform/service-kit';
import { z } from 'zod';

/** Where the owners' /internal/ APIs are (config AUTH_INTERNAL_URL, WORK_INTERNAL_URL, PAYOUTS_INTERNAL_URL). */
export interface TInternalApisOptions {
  authUrl?: string | undefined;
  workUrl?: string | undefined;
  payoutsUrl?: string | undefined;
  timeoutMs: number;
  logger?: Logger;
}

const ZVerificationSnapshotSchema = z.object({
  verificationId: z.uuid(),
  userId: z.uuid(),
  status: z.enum(['pending', 'approved', 'rejected']),
  submittedAt: z.string().nullable(),
});
export type TVerificationSnapshot = z.infer<typeof ZVerificationSnapshotSchema>;

/**
 * The owners' /internal/ APIs as the dashboard and the statistics rebuild read them (service-kit's internal client:
 * request id and trace forwarded, one timeout, ServiceUnavailableError (503 SERVICE.UNAVAILABLE, naming the owner)
 * when one does not answer). Every call forwards the admin's token.
 */
export interface TInternalApis {
  readUserSnapshot(token: string): Promise<TStatsUserSnapshot[]>;
  readVerificationSnapshot(token: string): Promise<TVerificationSnapshot[]>;
  readTaskSnapshot(token: string): Promise<TStatsTaskSnapshot[]>;
  readSubmissionSnapshot(token: string): Promise<TStatsSubmissionSnapshot[]>;
  readAppealSnapshot(token: string): Promise<TStatsAppealSnapshot[]>;
  readReturnSnapshot(token: string): Promise<TStatsReturnSnapshot[]>;
  readWithdrawalSnapshot(token: string): Promise<TStatsWithdrawalSnapshot[]>;
  /** The sums over every ledger account (payouts owns the balances; they are read, never copied). */
  readBalanceTotal(token: string): Promise<TStatsBalanceTotal>;
  /** The withdrawals still pending past their decideBy (issue 31; payouts owns them, so they are read, never copied). */
  readOverdueWithdrawals(token: string): Promise<TStatsOverdueWithdrawals>;
  /** The balances of a few users (payouts' batch call). */
  readBalances(userIds: readonly string[], token: string): Promise<Record<string, TBalance>>;
}

/** Reads every page of a snapshot (ids in order; `next` is the last id of a page, null after the last). */
async function readAllPages<T>(client: TInternalClient, path: string, item: z.ZodType<T>, token: string): Promise<T[]> {
  const answer = ZStatsPageSchema(item) as unknown as z.ZodType<{ items: T[]; next: string | null }>;
  const items: T[] = [];
  let after: string | null = null;
  for (;;) {
    const query: string = after ? `?after=${encodeURIComponent(after)}&limit=1000` : '?limit=1000';
    const page = await client.get(`${path}${query}`, { token, answer });
    items.push(...page.items);
    if (!page.next) return items;
    after = page.next;
  }
}

export function createInternalApis(options: TInternalApisOptions): TInternalApis {
  const common = { timeoutMs: options.timeoutMs, ...(options.logger ? { logger: options.logger } : {}) };
  const auth = createInternalClient({ ...common, service: 'auth', baseUrl: options.authUrl });
  const work = createInternalClient({ ...common, service: 'work', baseUrl: options.workUrl });
  const payouts = createInternalClient({ ...common, service: 'payouts', baseUrl: options.payoutsUrl });
  return {
    readUserSnapshot: (token) => readAllPages(auth, '/internal/stats/users', ZStatsUserSnapshotSchema, token),
    readVerificationSnapshot: (token) => readAllPages(auth, '/internal/stats/verifications', ZVerificationSnapshotSchema, token),
    readTaskSnapshot: (token) => readAllPages(work, '/internal/stats/tasks', ZStatsTaskSnapshotSchema, token),
    readSubmissionSnapshot: (token) => readAllPages(work, '/internal/stats/submissions', ZStatsSubmissionSnapshotSchema, token),
    readAppealSnapshot: (token) => readAllPages(work, '/internal/stats/appeals', ZStatsAppealSnapshotSchema, token),
    readReturnSnapshot: (token) => readAllPages(work, '/internal/stats/returns', ZStatsReturnSnapshotSchema, token),
    readWithdrawalSnapshot: (token) => readAllPages(payouts, '/internal/stats/withdrawals', ZStatsWithdrawalSnapshotSchema, token),
    readBalanceTotal: (token) => payouts.get('/internal/stats/balance-total', { token, answer: ZStatsBalanceTotalSchema }),
    readOverdueWithdrawals: (token) => payouts.get('/internal/stats/withdrawals-overdue', { token, answer: ZStatsOverdueWithdrawalsSchema }),
    readBalances: async (userIds, token) =>
      userIds.length === 0 ? {} : payouts.get(`/internal/balances?userIds=${userIds.map(encodeURIComponent).join(',')}`, { token, answer: ZInternalBalancesSchema }),
  };
}
