import type { TDeletionEligibility } from '@platform/contracts';
import { api } from '../../app/api';

/** The worker's own account deletion (spec 02 Profile, Delete account AMENDED). */
export const accountDeletionApi = api.injectEndpoints({
  endpoints: (build) => ({
    ownDeletion: build.query<TDeletionEligibility, void>({
      query: () => '/user/account/deletion',
      keepUnusedDataFor: 0,
    }),
    deleteOwnAccount: build.mutation<{ success: true }, { password: string }>({
      query: (body) => ({ url: '/user/account', method: 'DELETE', body }),
    }),
  }),
});

export const { useOwnDeletionQuery, useLazyOwnDeletionQuery, useDeleteOwnAccountMutation } = accountDeletionApi;
