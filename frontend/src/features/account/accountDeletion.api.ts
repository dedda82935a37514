import type { TAccountClosing, TDeletionEligibility } from '@platform/contracts';
import { api } from '../../app/api';

/** The worker's own account deletion (spec 02 Profile, Delete account AMENDED). */
export const accountDeletionApi = api.injectEndpoints({
  endpoints: (build) => ({
    ownDeletion: build.query<TDeletionEligibility, void>({
      query: () => '/user/account/deletion',
      keepUnusedDataFor: 0,
    }),
    /** The worker states they are closing the account (issue 28 item 4): only then may they withdraw all or give it up. */
    startClosingAccount: build.mutation<TAccountClosing, void>({
      query: () => ({ url: '/user/account/closing', method: 'POST', body: {} }),
    }),
    deleteOwnAccount: build.mutation<{ success: true }, { password: string }>({
      query: (body) => ({ url: '/user/account', method: 'DELETE', body }),
    }),
  }),
});

export const { useOwnDeletionQuery, useLazyOwnDeletionQuery, useDeleteOwnAccountMutation, useStartClosingAccountMutation } = accountDeletionApi;
