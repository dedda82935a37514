import type { TAdjustBalanceRequest, TAdjustBalanceResponse, TAdminUser, TAdminUsersResponse, TAuditLogPage, TLedgerVerification, TStatement, TSystemSetting, TUpdateSystemSettingRequest } from '@platform/contracts';
import { api } from '../../app/api';
import { buildAuditLogUrl, type TAuditLogRequest } from './auditLogQuery';

/**
 * The admin calls behind All Users, System Settings and the Audit Log (loaded only with the admin console). A
 * balance adjustment refreshes the list, that user's statement and check, and the audit log (the audit row arrives
 * through an event, so a later refresh may be needed for it); a settings change refreshes the settings, the public
 * settings the worker screens read, and the audit log.
 */
export const adminTaggedApi = api.enhanceEndpoints({
  addTagTypes: ['AdminUser', 'AdminUserLedger', 'AdminSetting', 'AuditLog', 'PublicSettings'],
});

export const adminApi = adminTaggedApi.injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<TAdminUsersResponse, string>({
      query: (search) => {
        const trimmed = search.trim();
        return trimmed === '' ? '/admin/users' : `/admin/users?${new URLSearchParams({ search: trimmed }).toString()}`;
      },
      providesTags: ['AdminUser'],
    }),
    adminUser: build.query<TAdminUser, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'AdminUser', id }],
    }),
    adjustBalance: build.mutation<TAdjustBalanceResponse, { id: string; body: TAdjustBalanceRequest }>({
      query: ({ id, body }) => ({ url: `/admin/users/${encodeURIComponent(id)}/balance`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => ['AdminUser', { type: 'AdminUser', id }, { type: 'AdminUserLedger', id }, 'AuditLog'],
    }),
    adminUserLedger: build.query<TStatement, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}/ledger`,
      providesTags: (_r, _e, id) => [{ type: 'AdminUserLedger', id }],
    }),
    verifyAdminUserLedger: build.query<TLedgerVerification, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}/ledger/verify`,
      providesTags: (_r, _e, id) => [{ type: 'AdminUserLedger', id }],
    }),

    adminSettings: build.query<TSystemSetting[], void>({
      query: () => '/admin/settings',
      providesTags: ['AdminSetting'],
    }),
    updateSetting: build.mutation<TSystemSetting, TUpdateSystemSettingRequest>({
      query: (body) => ({ url: '/admin/settings', method: 'POST', body }),
      invalidatesTags: ['AdminSetting', 'PublicSettings', 'AuditLog'],
    }),
    resetSettings: build.mutation<TSystemSetting[], void>({
      query: () => ({ url: '/admin/settings/reset', method: 'POST' }),
      invalidatesTags: ['AdminSetting', 'PublicSettings', 'AuditLog'],
    }),

    auditLog: build.query<TAuditLogPage, TAuditLogRequest>({
      query: (request) => buildAuditLogUrl(request),
      providesTags: ['AuditLog'],
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useAdminUserQuery,
  useAdjustBalanceMutation,
  useAdminUserLedgerQuery,
  useVerifyAdminUserLedgerQuery,
  useAdminSettingsQuery,
  useUpdateSettingMutation,
  useResetSettingsMutation,
  useAuditLogQuery,
} = adminApi;
