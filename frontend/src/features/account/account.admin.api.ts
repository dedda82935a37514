import type { TAdminUser, TAdminUserSort, TAdminUsersResponse, TAdminUsersStats, TDeletionEligibility, TRole, TVerificationStatus } from '@platform/contracts';
import { api, API_TAGS } from '../../app/api';

/** GET /api/admin/users's parameters the console sends (contracts ZAdminUsersQuerySchema). */
export interface TAdminUsersRequest {
  search?: string;
  role?: TRole;
  /** The verification status the user is told (issue 28 item 7). */
  verification?: TVerificationStatus;
  /** Column sorting (contracts ADMIN_USER_SORTS); absent: newest first. */
  sort?: TAdminUserSort;
  cursor?: string;
  pageSize?: number;
}

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
 * All Users (spec 03; auth service), loaded only with the admin console: the list, its stat cards, one user, and
 * Edit, Ban/Unban and Delete. Each change refreshes the list, that user, their statement and the audit log (the audit
 * row arrives through an event, so a later refresh may be needed for it).
 */
export const accountAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page of All Users (20, newest first): a search text, or the search, filters and page's cursor. */
    adminUsers: build.query<TAdminUsersResponse, string | TAdminUsersRequest>({
      query: (request) => {
        const { search = '', ...rest } = typeof request === 'string' ? { search: request } : request;
        const params = new URLSearchParams();
        if (search.trim() !== '') params.set('search', search.trim());
        for (const [key, value] of Object.entries(rest)) if (value !== undefined) params.set(key, String(value));
        const text = params.toString();
        return text === '' ? '/admin/users' : `/admin/users?${text}`;
      },
      providesTags: [API_TAGS.adminUser],
    }),
    /** The four stat cards over all users (their own call: the list's pages never count every user). */
    adminUsersStats: build.query<TAdminUsersStats, void>({
      query: () => '/admin/users/stats',
      providesTags: [API_TAGS.adminUser],
    }),
    adminUser: build.query<TAdminUser, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: API_TAGS.adminUser, id }],
    }),
    updateUser: build.mutation<TAdminUser, { id: string; body: TUserEditBody }>({
      query: ({ id, body }) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [API_TAGS.adminUser, { type: API_TAGS.adminUser, id }, { type: API_TAGS.adminUserLedger, id }, API_TAGS.auditLog],
    }),
    toggleUser: build.mutation<TAdminUser, string>({
      query: (id) => ({ url: `/admin/users/${encodeURIComponent(id)}/toggle`, method: 'PATCH' }),
      invalidatesTags: (_r, _e, id) => [API_TAGS.adminUser, { type: API_TAGS.adminUser, id }, API_TAGS.auditLog],
    }),
    userDeletion: build.query<TDeletionEligibility, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}/deletion`,
      keepUnusedDataFor: 0,
    }),
    deleteUser: build.mutation<{ success: true }, string>({
      query: (id) => ({ url: `/admin/users/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [API_TAGS.adminUser, API_TAGS.auditLog],
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useAdminUsersStatsQuery,
  useAdminUserQuery,
  useUpdateUserMutation,
  useToggleUserMutation,
  useUserDeletionQuery,
  useDeleteUserMutation,
} = accountAdminApi;
