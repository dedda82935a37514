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
import { z } from 'zod';

/** Where the owners' /internal/ APIs are (config AUTH_INTERNAL_URL, WORK_INTERNAL_URL, PAYOUTS_INTERNAL_URL). */
export interface TInternalApis {
  authUrl?: string | undefined;
  workUrl?: string | undefined;
  payoutsUrl?: string | undefined;
  timeoutMs: number;
}

export class InternalApiError extends Error {
  constructor(
    readonly service: string,
    message: string,
  ) {
    super(message);
    this.name = 'InternalApiError';
  }
}

async function getJson(apis: TInternalApis, service: 'auth' | 'work' | 'payouts', path: string, token: string): Promise<unknown> {
  const base = { auth: apis.authUrl, work: apis.workUrl, payouts: apis.payoutsUrl }[service];
  if (!base) throw new InternalApiError(service, `The ${service} service's internal URL is not configured`);
  let response: Response;
  try {
    response = await fetch(`${base.replace(/\/+$/, '')}${path}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(apis.timeoutMs),
    });
  } catch (error) {
    throw new InternalApiError(service, `The ${service} service did not answer (${(error as Error).message})`);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new InternalApiError(service, `The ${service} service answered ${response.status} to ${path}: ${text.slice(0, 200)}`);
  }
  return response.json();
}

/** Reads every page of a snapshot (ids in order; `next` is the last id of a page, null after the last). */
async function readAllPages<T>(apis: TInternalApis, service: 'auth' | 'work' | 'payouts', path: string, item: z.ZodType<T>, token: string): Promise<T[]> {
  const schema = ZStatsPageSchema(item);
  const items: T[] = [];
  let after: string | null = null;
  for (;;) {
    const query: string = after ? `?after=${encodeURIComponent(after)}&limit=1000` : '?limit=1000';
    const page = schema.parse(await getJson(apis, service, `${path}${query}`, token)) as { items: T[]; next: string | null };
    items.push(...page.items);
    if (!page.next) return items;
    after = page.next;
  }
}

export const readUserSnapshot = (apis: TInternalApis, token: string): Promise<TStatsUserSnapshot[]> =>
  readAllPages(apis, 'auth', '/internal/stats/users', ZStatsUserSnapshotSchema, token);

const ZVerificationSnapshotSchema = z.object({
  verificationId: z.uuid(),
  userId: z.uuid(),
  status: z.enum(['pending', 'approved', 'rejected']),
  submittedAt: z.string().nullable(),
});
export type TVerificationSnapshot = z.infer<typeof ZVerificationSnapshotSchema>;
export const readVerificationSnapshot = (apis: TInternalApis, token: string): Promise<TVerificationSnapshot[]> =>
  readAllPages(apis, 'auth', '/internal/stats/verifications', ZVerificationSnapshotSchema, token);

export const readTaskSnapshot = (apis: TInternalApis, token: string): Promise<TStatsTaskSnapshot[]> =>
  readAllPages(apis, 'work', '/internal/stats/tasks', ZStatsTaskSnapshotSchema, token);

export const readSubmissionSnapshot = (apis: TInternalApis, token: string): Promise<TStatsSubmissionSnapshot[]> =>
  readAllPages(apis, 'work', '/internal/stats/submissions', ZStatsSubmissionSnapshotSchema, token);

export const readAppealSnapshot = (apis: TInternalApis, token: string): Promise<TStatsAppealSnapshot[]> =>
  readAllPages(apis, 'work', '/internal/stats/appeals', ZStatsAppealSnapshotSchema, token);

export const readReturnSnapshot = (apis: TInternalApis, token: string): Promise<TStatsReturnSnapshot[]> =>
  readAllPages(apis, 'work', '/internal/stats/returns', ZStatsReturnSnapshotSchema, token);

export const readWithdrawalSnapshot = (apis: TInternalApis, token: string): Promise<TStatsWithdrawalSnapshot[]> =>
  readAllPages(apis, 'payouts', '/internal/stats/withdrawals', ZStatsWithdrawalSnapshotSchema, token);

/** The sums over every ledger account (payouts owns the balances; they are read, never copied). */
export async function readBalanceTotal(apis: TInternalApis, token: string): Promise<TStatsBalanceTotal> {
  return ZStatsBalanceTotalSchema.parse(await getJson(apis, 'payouts', '/internal/stats/balance-total', token));
}

/** The withdrawals still pending past their decideBy (issue 31; payouts owns them, so they are read, never copied). */
export async function readOverdueWithdrawals(apis: TInternalApis, token: string): Promise<TStatsOverdueWithdrawals> {
  return ZStatsOverdueWithdrawalsSchema.parse(await getJson(apis, 'payouts', '/internal/stats/withdrawals-overdue', token));
}

/** The balances of a few users (payouts' batch call). */
export async function readBalances(apis: TInternalApis, userIds: readonly string[], token: string): Promise<Record<string, TBalance>> {
  if (userIds.length === 0) return {};
  return ZInternalBalancesSchema.parse(await getJson(apis, 'payouts', `/internal/balances?userIds=${userIds.map(encodeURIComponent).join(',')}`, token));
}
