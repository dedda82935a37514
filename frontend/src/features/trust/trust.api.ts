import type { TPlatformLedgerCheck, TPublicSettings, TPublicTrust } from '@platform/contracts';
import { api } from '../../app/api';

/**
 * The public trust page's calls (issue 31), no token needed: the operator, rules and live figures (admin service,
 * computed from events), the payout terms exactly as the withdraw dialog gets them (payouts' GET /api/settings/public
 * use case, public), and the platform-wide ledger check.
 */
export const trustApi = api.injectEndpoints({
  endpoints: (build) => ({
    publicTrust: build.query<TPublicTrust, void>({
      query: () => '/public/trust',
    }),
    publicPayoutTerms: build.query<TPublicSettings, void>({
      query: () => '/public/payout-terms',
    }),
    publicLedgerCheck: build.query<TPlatformLedgerCheck, void>({
      query: () => '/public/ledger-check',
    }),
  }),
});

export const { usePublicTrustQuery, usePublicPayoutTermsQuery, usePublicLedgerCheckQuery } = trustApi;
