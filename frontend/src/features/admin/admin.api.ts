import type { TAdjustBalanceRequest, TAdjustBalanceResponse, TAdminUser, TAdminUserSort, TAdminUsersResponse, TAdminUsersStats, TAuditLogPage, TLedgerVerification, TRole, TStatementPage, TSystemSetting, TUpdateSystemSettingRequest, TWelcomeVideo, TVerificationStatus } from '@platform/contracts';
import { api, API_TAGS } from '../../app/api';
import { buildAuditLogUrl, type TAuditLogRequest } from './auditLogQuery';

/**
 * The admin calls behind All Users, System Settings and the Audit Log (loaded only with the admin console). A
 * balance adjustment refreshes the list, that user's statement and check, and the audit log (the audit row arrives
 * through an event, so a later refresh may be needed for it); a settings change refreshes the settings, the public
 * settings the worker screens read, and the audit log.
 */
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

/** The admin tags manageUsers.api.ts names too (All Users itself is API_TAGS.adminUser: verification names it). */
export const ADMIN_TAGS = { userLedger: 'AdminUserLedger', auditLog: 'AuditLog' } as const;

export const adminTaggedApi = api.enhanceEndpoints({ addTagTypes: [...Object.values(ADMIN_TAGS), 'AdminSetting', 'WelcomeVideo'] });

export const adminApi = adminTaggedApi.injectEndpoints({
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
    adjustBalance: build.mutation<TAdjustBalanceResponse, { id: string; body: TAdjustBalanceRequest }>({
      query: ({ id, body }) => ({ url: `/admin/users/${encodeURIComponent(id)}/balance`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [API_TAGS.adminUser, { type: API_TAGS.adminUser, id }, { type: ADMIN_TAGS.userLedger, id }, ADMIN_TAGS.auditLog],
    }),
    /** One page of the user's statement (20, newest entry first): the first without a cursor, then each nextCursor. */
    adminUserLedger: build.query<TStatementPage, { id: string; cursor?: string | undefined }>({
      query: ({ id, cursor }) => `/admin/users/${encodeURIComponent(id)}/ledger${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      providesTags: (_r, _e, { id }) => [{ type: ADMIN_TAGS.userLedger, id }],
    }),
    verifyAdminUserLedger: build.query<TLedgerVerification, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}/ledger/verify`,
      providesTags: (_r, _e, id) => [{ type: ADMIN_TAGS.userLedger, id }],
    }),

    adminSettings: build.query<TSystemSetting[], void>({
      query: () => '/admin/settings',
      providesTags: ['AdminSetting'],
    }),
    updateSetting: build.mutation<TSystemSetting, TUpdateSystemSettingRequest>({
      query: (body) => ({ url: '/admin/settings', method: 'POST', body }),
      invalidatesTags: ['AdminSetting', API_TAGS.publicSettings, ADMIN_TAGS.auditLog],
    }),
    resetSettings: build.mutation<TSystemSetting[], void>({
      query: () => ({ url: '/admin/settings/reset', method: 'POST' }),
      invalidatesTags: ['AdminSetting', API_TAGS.publicSettings, ADMIN_TAGS.auditLog],
    }),

    /** The welcome video (issue 28): what /assets/welcome-video serves, and the upload limit. */
    welcomeVideo: build.query<TWelcomeVideo, void>({
      query: () => '/admin/settings/welcome-video',
      providesTags: ['WelcomeVideo'],
    }),
    /** POST …/welcome-video as multipart, the file in the part `video` (the server checks its bytes and size). */
    uploadWelcomeVideo: build.mutation<TWelcomeVideo, File>({
      query: (file) => {
        const body = new FormData();
        body.append('video', file, file.name);
        return { url: '/admin/settings/welcome-video', method: 'POST', body };
      },
      invalidatesTags: ['WelcomeVideo', ADMIN_TAGS.auditLog],
    }),

    auditLog: build.query<TAuditLogPage, TAuditLogRequest>({
      query: (request) => buildAuditLogUrl(request),
      providesTags: [ADMIN_TAGS.auditLog],
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useAdminUsersStatsQuery,
  useAdminUserQuery,
  useAdjustBalanceMutation,
  useAdminUserLedgerQuery,
  useVerifyAdminUserLedgerQuery,
  useAdminSettingsQuery,
  useUpdateSettingMutation,
  useResetSettingsMutation,
  useWelcomeVideoQuery,
  useUploadWelcomeVideoMutation,
  useAuditLogQuery,
} = adminApi;
