import type { TActivityPage, TAdminVerification, TAdminVerificationsResponse, TMyVerification, TUserExportTicket } from '@platform/contracts';
import { api } from '../../app/api';

/** Identity verification, the activity history and the data export (auth service, issue 15). */
export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    myVerification: build.query<TMyVerification, void>({ query: () => '/user/verification', keepUnusedDataFor: 0 }),
    myActivity: build.query<TActivityPage, { lang: string }>({
      query: ({ lang }) => `/user/activity?pageSize=100&lang=${lang === 'ru' ? 'ru' : 'en'}`,
      keepUnusedDataFor: 0,
    }),
    latestExport: build.query<{ export: TUserExportTicket | null }, void>({ query: () => '/user/export', keepUnusedDataFor: 0 }),
    createExport: build.mutation<TUserExportTicket, void>({ query: () => ({ url: '/user/export', method: 'POST', body: {} }) }),
    adminVerifications: build.query<TAdminVerificationsResponse, { status?: string; userId?: string }>({
      query: ({ status, userId }) => {
        const params = new URLSearchParams();
        if (status) params.set('status', status);
        if (userId) params.set('userId', userId);
        return `/admin/verifications?${params.toString()}`;
      },
      keepUnusedDataFor: 0,
    }),
    adminVerification: build.query<TAdminVerification, string>({ query: (id) => `/admin/verifications/${encodeURIComponent(id)}`, keepUnusedDataFor: 0 }),
    decideVerification: build.mutation<TAdminVerification, { id: string; status: 'approved' | 'rejected'; reason?: string }>({
      query: ({ id, ...body }) => ({ url: `/admin/verifications/${encodeURIComponent(id)}`, method: 'PATCH', body }),
    }),
  }),
});

export const {
  useMyVerificationQuery,
  useMyActivityQuery,
  useLatestExportQuery,
  useCreateExportMutation,
  useAdminVerificationsQuery,
  useAdminVerificationQuery,
  useDecideVerificationMutation,
} = verificationApi;
