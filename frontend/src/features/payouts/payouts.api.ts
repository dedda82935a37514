import type {
  TAdminWithdrawal,
  TAdminWithdrawalList,
  TAdminWithdrawalSort,
  TAdminWithdrawalPage,
  TBalance,
  TCreateClosingWithdrawalRequest,
  TCreatePayoutWalletRequest,
  TCreateWithdrawalRequest,
  TDecideWithdrawalRequest,
  TGiveUpBalanceRequest,
  TGiveUpBalanceResponse,
  TLedgerVerification,
  TPayoutWallet,
  TPublicSettings,
  TStatementPage,
  TWithdrawal,
  TWithdrawalPage,
  TWithdrawalStatus,
} from '@platform/contracts';
import { api, API_TAGS } from '../../app/api';

/**
 * The payouts service's calls (services/payouts/README.md). A withdrawal or a decision changes the balance, the
 * lists and the statement, so it invalidates all of them; the current user (GET /api/auth/me) is refreshed by
 * useRefreshCurrentUser, as the session keeps it outside the cache.
 */
export const payoutsTaggedApi = api.enhanceEndpoints({
  addTagTypes: ['Balance', 'Withdrawal', 'Statement', 'PayoutWallet', 'AdminWithdrawal'],
});

const MONEY_TAGS = ['Balance', 'Withdrawal', 'Statement', 'AdminWithdrawal'] as const;

/** The path with the parameters that are set (none: the bare path, the server's defaults apply). */
function withQuery(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The admin Withdrawals lists' filters (the server's ZAdminWithdrawalsQuerySchema); an empty value is not sent. */
export interface TAdminWithdrawalsArgs {
  status: TAdminWithdrawalList;
  currency?: string;
  user?: string;
  from?: string;
  to?: string;
  minAmount?: string;
  maxAmount?: string;
  /** Column sorting (contracts ADMIN_WITHDRAWAL_SORTS); absent: the list's default order. */
  sort?: TAdminWithdrawalSort;
  cursor?: string;
  pageSize?: number;
}

/** Home's pending summary reads this many pending withdrawals (the count beyond it is the page's total). */
export const PENDING_SUMMARY_PAGE_SIZE = 100;

export const payoutsApi = payoutsTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    publicSettings: build.query<TPublicSettings, void>({
      query: () => '/settings/public',
      providesTags: [API_TAGS.publicSettings],
    }),
    ledgerBalance: build.query<TBalance, void>({
      query: () => '/ledger/balance',
      providesTags: ['Balance'],
    }),
    /** One page of the worker's own withdrawals, newest first (the first page without a cursor). */
    myWithdrawals: build.query<TWithdrawalPage, { status?: TWithdrawalStatus; cursor?: string; pageSize?: number }>({
      query: ({ status, cursor, pageSize }) => withQuery('/withdrawals', { status, pageSize: pageSize === undefined ? undefined : String(pageSize), cursor }),
      providesTags: ['Withdrawal'],
    }),
    createWithdrawal: build.mutation<TWithdrawal, { body: TCreateWithdrawalRequest; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ url: '/withdrawals', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      // Also after a failure: an attempt whose outcome is unknown may have been applied.
      invalidatesTags: [...MONEY_TAGS],
    }),
    /** Closing the account: the whole available balance, whatever the minimum (issue 28 item 4). */
    createClosingWithdrawal: build.mutation<TWithdrawal, { body: TCreateClosingWithdrawalRequest; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ url: '/withdrawals/closing', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: [...MONEY_TAGS],
    }),
    /** Closing the account: give up the available balance, stating the amount shown (issue 28 item 4). */
    giveUpBalance: build.mutation<TGiveUpBalanceResponse, { body: TGiveUpBalanceRequest; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ url: '/ledger/give-up', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: [...MONEY_TAGS],
    }),
    /** One page of the worker's statement, newest entry first (the first page without a cursor). */
    statement: build.query<TStatementPage, { cursor?: string }>({
      query: ({ cursor }) => withQuery('/ledger/statement', { cursor }),
      providesTags: ['Statement'],
    }),
    verifyLedger: build.query<TLedgerVerification, void>({
      query: () => '/ledger/verify',
      providesTags: ['Statement'],
    }),
    payoutWallets: build.query<TPayoutWallet[], void>({
      query: () => '/user/payout-wallets',
      providesTags: ['PayoutWallet'],
    }),
    addPayoutWallet: build.mutation<TPayoutWallet, TCreatePayoutWalletRequest>({
      query: (body) => ({ url: '/user/payout-wallets', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['PayoutWallet'] : []),
    }),
    removePayoutWallet: build.mutation<unknown, string>({
      query: (id) => ({ url: `/user/payout-wallets/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['PayoutWallet'],
    }),
    /** One page of the pending queue (oldest first) or of the history (status 'decided', newest decision first). */
    adminWithdrawals: build.query<TAdminWithdrawalPage, TAdminWithdrawalsArgs>({
      query: ({ cursor, pageSize = 20, ...filters }) => {
        const params = new URLSearchParams({ pageSize: String(pageSize) });
        for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
        if (cursor) params.set('cursor', cursor);
        return `/admin/withdrawals?${params.toString()}`;
      },
      providesTags: ['AdminWithdrawal'],
    }),
    decideWithdrawal: build.mutation<TAdminWithdrawal, { id: string; body: TDecideWithdrawalRequest }>({
      query: ({ id, body }) => ({ url: `/admin/withdrawals/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      // A 409 means someone else decided it: the list is refreshed either way.
      invalidatesTags: [...MONEY_TAGS],
    }),
  }),
});

export const {
  usePublicSettingsQuery,
  useLedgerBalanceQuery,
  useMyWithdrawalsQuery,
  useLazyMyWithdrawalsQuery,
  useCreateWithdrawalMutation,
  useCreateClosingWithdrawalMutation,
  useGiveUpBalanceMutation,
  useStatementQuery,
  useLazyStatementQuery,
  useLazyVerifyLedgerQuery,
  usePayoutWalletsQuery,
  useAddPayoutWalletMutation,
  useRemovePayoutWalletMutation,
  useAdminWithdrawalsQuery,
  useDecideWithdrawalMutation,
} = payoutsApi;
