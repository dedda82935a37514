import type { TAdjustBalanceRequest, TAdjustBalanceResponse, TLedgerVerification, TStatementPage } from '@platform/contracts';
import { api, API_TAGS } from '../../app/api';

/**
 * A user's money in All Users (payouts service; loaded only with the admin console): the statement, its check, and
 * a balance adjustment, which refreshes the list, that user's statement and check, and the audit log (the audit row
 * arrives through an event, so a later refresh may be needed for it).
 */
export const payoutsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adjustBalance: build.mutation<TAdjustBalanceResponse, { id: string; body: TAdjustBalanceRequest }>({
      query: ({ id, body }) => ({ url: `/admin/users/${encodeURIComponent(id)}/balance`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [API_TAGS.adminUser, { type: API_TAGS.adminUser, id }, { type: API_TAGS.adminUserLedger, id }, API_TAGS.auditLog],
    }),
    /** One page of the user's statement (20, newest entry first): the first without a cursor, then each nextCursor. */
    adminUserLedger: build.query<TStatementPage, { id: string; cursor?: string | undefined }>({
      query: ({ id, cursor }) => `/admin/users/${encodeURIComponent(id)}/ledger${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      providesTags: (_r, _e, { id }) => [{ type: API_TAGS.adminUserLedger, id }],
    }),
    verifyAdminUserLedger: build.query<TLedgerVerification, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}/ledger/verify`,
      providesTags: (_r, _e, id) => [{ type: API_TAGS.adminUserLedger, id }],
    }),
  }),
});

export const { useAdjustBalanceMutation, useAdminUserLedgerQuery, useVerifyAdminUserLedgerQuery } = payoutsAdminApi;
