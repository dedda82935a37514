import type { TAdminUser, TDeletionEligibility } from '@platform/contracts';
import { API_TAGS } from '../../app/api';
import { ADMIN_TAGS, adminTaggedApi } from './admin.api';

/** PATCH /api/admin/users/{id}: what the Edit dialog sends (a balance goes with its reason, as a ledger adjustment). */
export interface TUserEditBody {
  firstName?: string;
  lastName?: string;
  email?: string;
  isVerified?: boolean;
  isActive?: boolean;
  balance?: string;
  balanceReason?: string;
}

/**
 * All Users' Edit, Ban/Unban and Delete (spec 03). Each change refreshes the list, that user, their statement and
 * the audit log (the audit row arrives through an event, so a later refresh may be needed for it).
 */
export const manageUsersApi = adminTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    updateUser: build.mutation<TAdminUser, { id: string; body: TUserEditBody }>({
      query: ({ id, body }) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [API_TAGS.adminUser, { type: API_TAGS.adminUser, id }, { type: ADMIN_TAGS.userLedger, id }, ADMIN_TAGS.auditLog],
    }),
    toggleUser: build.mutation<TAdminUser, string>({
      query: (id) => ({ url: `/admin/users/${encodeURIComponent(id)}/toggle`, method: 'PATCH' }),
      invalidatesTags: (_r, _e, id) => [API_TAGS.adminUser, { type: API_TAGS.adminUser, id }, ADMIN_TAGS.auditLog],
    }),
    userDeletion: build.query<TDeletionEligibility, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}/deletion`,
      keepUnusedDataFor: 0,
    }),
    deleteUser: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [API_TAGS.adminUser, ADMIN_TAGS.auditLog],
    }),
  }),
});

export const { useUpdateUserMutation, useToggleUserMutation, useUserDeletionQuery, useDeleteUserMutation } = manageUsersApi;
