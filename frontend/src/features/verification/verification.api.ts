import type { TActivityPage, TAdminVerification, TAdminVerificationList, TAdminVerificationPage, TMyVerification, TUserExportTicket } from '@platform/contracts';
import { api } from '../../app/api';

/** Shortest search text the server takes (a trigram index serves it); shorter is not sent. */
export const VERIFICATION_SEARCH_MIN_LENGTH = 3;

export interface TAdminVerificationsArgs {
  status?: TAdminVerificationList;
  userId?: string;
  /** Part of the applicant's e-mail or name (3+ characters). */
  search?: string;
  /** YYYY-MM-DD: the application's day (the decision's for approved and rejected). */
  from?: string;
  to?: string;
  pageSize?: number;
  cursor?: string;
}

/** A query string of the set values only (an empty filter is not sent: the server would refuse a blank one). */
function pageQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Identity verification, the activity history and the data export (auth service, issue 15). */
export const verificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    myVerification: build.query<TMyVerification, void>({ query: () => '/user/verification', keepUnusedDataFor: 0 }),
    /** One page (20) of the caller's activity, newest first; cursor: the previous page's nextCursor. */
    myActivity: build.query<TActivityPage, { lang: string; cursor?: string }>({
      query: ({ lang, cursor }) => pageQuery('/user/activity', { lang: lang === 'ru' ? 'ru' : 'en', cursor }),
      keepUnusedDataFor: 0,
    }),
    latestExport: build.query<{ export: TUserExportTicket | null }, void>({ query: () => '/user/export', keepUnusedDataFor: 0 }),
    createExport: build.mutation<TUserExportTicket, void>({ query: () => ({ url: '/user/export', method: 'POST', body: {} }) }),
    /** One page (20) of an admin list of applications (the queue oldest first); cursor: the previous page's nextCursor. */
    adminVerifications: build.query<TAdminVerificationPage, TAdminVerificationsArgs>({
      query: (args) => pageQuery('/admin/verifications', { ...args }),
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
  useLazyMyActivityQuery,
  useLatestExportQuery,
  useCreateExportMutation,
  useAdminVerificationsQuery,
  useAdminVerificationQuery,
  useDecideVerificationMutation,
} = verificationApi;
